import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../../server/assembly';

type Out = inferRouterOutputs<AppRouter>;
type In = inferRouterInputs<AppRouter>;

export type ContactList = Out['contacts']['list'];
export type Contact = ContactList['items'][number];
export type ContactDetail = Out['contacts']['get'];
export type TimelinePage = Out['contacts']['timeline'];
export type TimelineEntry = TimelinePage['items'][number];
export type CustomField = Out['customFields']['list'][number];
export type SavedView = Out['savedViews']['list'][number];
export type Member = Out['members']['list']['members'][number];
export type ImportPreview = Out['imports']['preview'];
export type ImportJob = Out['imports']['get'];
export type ImportSummary = Out['imports']['list']['items'][number];
export type DuplicateGroup = Out['contacts']['duplicates']['groups'][number];
export type ListInput = In['contacts']['list'];
