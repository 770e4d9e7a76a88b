/**
 * The integrator REST API, /api/v1: each resource maps its five operations onto existing tRPC
 * procedures, so /api/v1 has no handlers of its own — the same input schemas, permissions, scoping
 * and services answer both doors. Adding a resource is one entry here.
 */
export type V1Operation = 'list' | 'get' | 'create' | 'update' | 'delete';

export type V1Resource = {
  /** Path segment: /api/v1/<name>. */
  name: string;
  /** Singular noun for documentation. */
  noun: string;
  description: string;
  /** tRPC procedure path per operation. */
  procedures: Record<V1Operation, string>;
  /**
   * Set-based batch procedures (input `{ inputs }`, answer `{ results }`, server/api-v1/batch.ts);
   * a batch operation without one runs each record through its single procedure.
   */
  batch?: Partial<Record<V1BatchOperation, string>>;
  /** The single upsert's procedure (POST /api/v1/<name>/upsert), for a resource that has a natural key. */
  upsert?: string;
};

/** POST /api/v1/<name>/batch/<operation> (docs/decisions/036). Upsert needs a set-based procedure: only a resource with a natural key has one. */
export type V1BatchOperation = 'create' | 'update' | 'upsert' | 'delete';

const crud = (router: string): Record<V1Operation, string> => ({
  list: `${router}.list`,
  get: `${router}.get`,
  create: `${router}.create`,
  update: `${router}.update`,
  delete: `${router}.delete`,
});

export const V1_RESOURCES: V1Resource[] = [
  {
    name: 'contacts',
    noun: 'contact',
    description: 'People and companies you sell to, with their tags, owner, lifecycle stage and attribution.',
    procedures: crud('contacts'),
    batch: { create: 'contacts.batchCreate', update: 'contacts.batchUpdate', upsert: 'contacts.batchUpsert', delete: 'contacts.batchDelete' },
    upsert: 'contacts.upsert',
  },
  { name: 'deals', noun: 'deal', description: 'Opportunities moving through a pipeline; value in integer minor units of their currency.', procedures: crud('deals') },
  { name: 'tasks', noun: 'task', description: 'To-dos with a due time, priority and assignee, optionally linked to a contact or deal.', procedures: crud('tasks') },
  {
    name: 'appointments',
    noun: 'appointment',
    description: 'Meetings with a start and end in a time zone, a location or meeting link, and an outcome.',
    procedures: { ...crud('appointments'), list: 'appointments.search' },
  },
];

/**
 * The other operations of /api/v1, each one procedure of the app router like the resources' (the
 * metadata an integrator reads before writing records, a record's own actions, the inbox): the path's
 * parameters become the procedure's input fields, a GET's query or a POST/PATCH body the rest of it.
 * The OpenAPI document describes each from the procedure's input and `.output()` schemas, so, as for
 * the resources, there is no handler to write and nothing to keep in step.
 */
export type V1Action = {
  /** A DELETE reads its input from the query like a GET and answers 204 with no body. */
  method: 'get' | 'post' | 'patch' | 'delete';
  /** OpenAPI path template under /api/v1, e.g. /api/v1/contacts/{id}/notes. */
  path: string;
  procedure: string;
  tag: string;
  summary: string;
  description?: string;
  /** The input field each path parameter fills, when not its own name ({id} of a contact → contactId). */
  params?: Record<string, string>;
  /** The success status: 200, or 201 for a create (with `Location` when `location` names the record's door), 202 for a send accepted to a queue, 204 for a delete. */
  status?: 200 | 201 | 202 | 204;
  location?: string;
};

export const V1_ACTION_TAGS: { name: string; description: string }[] = [
  {
    name: 'pipelines',
    description: 'The pipelines of deals and their stages in order, with how many deals each holds (a deal’s `stageId` names one); created, changed and deleted with their stages.',
  },
  { name: 'custom fields', description: 'The custom fields of contacts: their keys (the keys of a contact’s `customFields`), labels, types and options.' },
  { name: 'tags', description: 'The tags on contacts, with how many contacts carry each.' },
  { name: 'timeline', description: 'A contact’s timeline (notes, changes, messages, calls) and its notes.' },
  { name: 'conversations', description: 'The inbox: website chat, SMS and e-mail threads with their messages; replies on the thread’s own channel, an SMS to a contact.' },
];

export const V1_ACTIONS: V1Action[] = [
  { method: 'get', path: '/api/v1/pipelines', procedure: 'pipelines.list', tag: 'pipelines', summary: 'List pipelines with their stages' },
  { method: 'get', path: '/api/v1/pipelines/{id}', procedure: 'pipelines.get', tag: 'pipelines', summary: 'A pipeline with its stages' },
  {
    method: 'post',
    path: '/api/v1/pipelines',
    procedure: 'pipelines.create',
    tag: 'pipelines',
    summary: 'Create a pipeline',
    description:
      'With its stages in order (without `stages`, the default ones: open stages, then won and lost); `isDefault` makes it the organization’s default. Answers the pipeline with its stages.',
    status: 201,
    location: '/api/v1/pipelines/{id}',
  },
  {
    method: 'patch',
    path: '/api/v1/pipelines/{id}',
    procedure: 'pipelines.update',
    tag: 'pipelines',
    summary: 'Rename a pipeline or make it the default',
    description: 'Names are unique per organization (409). A default stays the default until another pipeline is made it.',
  },
  {
    method: 'delete',
    path: '/api/v1/pipelines/{id}',
    procedure: 'pipelines.delete',
    tag: 'pipelines',
    summary: 'Delete a pipeline',
    description:
      'Refused 409 while it holds deals unless `moveDealsToStageId` names an open stage of another pipeline (its won and lost deals go to that pipeline’s won and lost stages), and for the organization’s last pipeline.',
    status: 204,
  },
  {
    method: 'post',
    path: '/api/v1/pipelines/{id}/stages',
    procedure: 'pipelines.createStage',
    tag: 'pipelines',
    summary: 'Add a stage to a pipeline',
    description: 'At `position` (0-based), or by default an open stage before the first won or lost stage and others last. Answers the pipeline with its stages.',
    params: { id: 'pipelineId' },
    status: 201,
    location: '/api/v1/pipelines/{id}',
  },
  {
    method: 'post',
    path: '/api/v1/pipelines/{id}/stages/reorder',
    procedure: 'pipelines.reorderStages',
    tag: 'pipelines',
    summary: 'Put a pipeline’s stages in a new order',
    description: '`stageIds` lists every stage of the pipeline exactly once, in the new order.',
    params: { id: 'pipelineId' },
  },
  {
    method: 'patch',
    path: '/api/v1/stages/{id}',
    procedure: 'pipelines.updateStage',
    tag: 'pipelines',
    summary: 'Change a stage’s name, probability or kind',
    description: 'A pipeline keeps one won and one lost stage at most. Answers the stage’s pipeline with its stages.',
  },
  {
    method: 'delete',
    path: '/api/v1/stages/{id}',
    procedure: 'pipelines.deleteStage',
    tag: 'pipelines',
    summary: 'Delete a stage',
    description: 'Refused 409 while it holds deals unless `moveDealsToStageId` names another stage of the same pipeline and kind.',
    status: 204,
  },
  { method: 'get', path: '/api/v1/custom-fields', procedure: 'customFields.list', tag: 'custom fields', summary: 'List the custom fields of contacts' },
  {
    method: 'post',
    path: '/api/v1/custom-fields',
    procedure: 'customFields.create',
    tag: 'custom fields',
    summary: 'Create a custom field',
    description: 'The `key` defaults to a slug of the label; a select field lists its options.',
    status: 201,
    location: '/api/v1/custom-fields/{id}',
  },
  { method: 'get', path: '/api/v1/custom-fields/{id}', procedure: 'customFields.get', tag: 'custom fields', summary: 'A custom field' },
  {
    method: 'patch',
    path: '/api/v1/custom-fields/{id}',
    procedure: 'customFields.update',
    tag: 'custom fields',
    summary: 'Change a custom field’s label, options or position',
    description: 'Its key and type stay. An option still set on a contact cannot be removed (409 naming it).',
  },
  {
    method: 'get',
    path: '/api/v1/tags',
    procedure: 'contacts.tags',
    tag: 'tags',
    summary: 'List tags with their counts',
    description:
      'Most used first, or by name with `sort=tag`; `prefix` narrows to tags starting with it. Pass `nextCursor` back as `cursor` (same `sort` and `prefix`) for the next page; walk every tag with `sort=tag`, stable while tags are added and removed.',
  },
  {
    method: 'get',
    path: '/api/v1/contacts/{id}/timeline',
    procedure: 'contacts.timeline',
    tag: 'timeline',
    summary: 'A contact’s timeline',
    description: 'Newest first; `type=note` for its notes only. Pass `nextBefore` back as `before` for the next page (stable while entries are added).',
  },
  {
    method: 'post',
    path: '/api/v1/contacts/{id}/notes',
    procedure: 'contacts.addNote',
    tag: 'timeline',
    summary: 'Add a note to a contact',
    params: { id: 'contactId' },
    status: 201,
    location: '/api/v1/contacts/{contactId}/timeline?type=note',
  },
  { method: 'post', path: '/api/v1/tasks/{id}/complete', procedure: 'tasks.complete', tag: 'tasks', summary: 'Complete a task', description: 'Completing a done task changes nothing.' },
  { method: 'post', path: '/api/v1/tasks/{id}/reopen', procedure: 'tasks.reopen', tag: 'tasks', summary: 'Reopen a completed task' },
  {
    method: 'get',
    path: '/api/v1/conversations',
    procedure: 'conversations.list',
    tag: 'conversations',
    summary: 'List conversation threads',
    description: 'Latest message first; pass `nextCursor` back as `cursor` for the next page.',
  },
  {
    method: 'get',
    path: '/api/v1/conversations/{id}',
    procedure: 'conversations.get',
    tag: 'conversations',
    summary: 'A thread with its latest messages',
    description: 'Its latest 200 messages, oldest first; `olderCursor` reads the ones before them from GET /api/v1/conversations/{id}/messages.',
  },
  {
    method: 'get',
    path: '/api/v1/conversations/{id}/messages',
    procedure: 'conversations.messages',
    tag: 'conversations',
    summary: 'A thread’s messages, newest first',
    description: 'Pass the thread’s `olderCursor`, or a page’s `nextCursor`, as `cursor` for older messages (stable while messages arrive).',
  },
  {
    method: 'post',
    path: '/api/v1/conversations/{id}/messages',
    procedure: 'conversations.reply',
    tag: 'conversations',
    summary: 'Reply in a thread',
    description:
      'On the thread’s own channel: a chat message, an SMS to the contact’s number (opt-outs and the sender’s rate apply) or an e-mail answering the thread’s latest message (suppressions apply).',
    status: 202,
  },
  {
    method: 'post',
    path: '/api/v1/contacts/{id}/sms',
    procedure: 'sms.sendToContact',
    tag: 'conversations',
    summary: 'Send an SMS to a contact',
    description:
      'To the contact’s phone number, filed in its SMS conversation; refused 403 when the contact opted out of SMS, queued and sent at the sender’s rate. For an e-mail, POST /api/v1/emails with the contact’s id as `to`.',
    params: { id: 'contactId' },
    status: 202,
  },
];
