import { z } from 'zod';
import { ZBatchInput, ZDeletedRecord } from '../records/schema';
import { permittedProcedure, router } from '../trpc/init';
import { createCustomField, deleteCustomField, getCustomField, listCustomFields, updateCustomField } from './custom-fields';
import { getImport, listImports, previewImport, startImport } from './imports';
import { createSavedView, deleteSavedView, listSavedViews, updateSavedView } from './saved-views';
import {
  ZAddNoteInput,
  ZLogInteractionInput,
  ZBulkContactsInput,
  ZContactBatchDeleted,
  ZContactBatchResults,
  ZContactUpserted,
  ZUpsertContactInput,
  ZUpsertContactsInput,
  ZContactDetail,
  ZContactPage,
  ZContactTagPage,
  ZCustomFieldIdInput,
  ZCustomFieldRecord,
  ZTimelineEntry,
  ZTimelinePage,
  ZContactTimelineInput,
  ZCreateContactInput,
  ZCreateCustomFieldInput,
  ZCreateSavedViewInput,
  ZDeleteContactInput,
  ZDeleteCustomFieldInput,
  ZDeleteSavedViewInput,
  ZContactMatchesInput,
  ZFindDuplicatesInput,
  ZGetContactInput,
  ZGetImportInput,
  ZListContactsInput,
  ZListContactTagsInput,
  ZListImportsInput,
  ZMergeContactsInput,
  ZPreviewImportInput,
  ZStartImportInput,
  ZUpdateContactInput,
  ZUpdateCustomFieldInput,
  ZUpdateSavedViewInput,
} from './schema';
import * as contacts from './service';

export const contactsRouter = router({
  list: permittedProcedure('contacts:read')
    .input(ZListContactsInput.prefault({}))
    .output(ZContactPage)
    .query(({ ctx, input }) => contacts.listContacts(ctx, input)),
  tags: permittedProcedure('contacts:read')
    .input(ZListContactTagsInput.prefault({}))
    .output(ZContactTagPage)
    .query(({ ctx, input }) => contacts.listContactTags(ctx, input)),
  get: permittedProcedure('contacts:read')
    .input(ZGetContactInput)
    .output(ZContactDetail)
    .query(({ ctx, input }) => contacts.getContact(ctx, input)),
  create: permittedProcedure('contacts:write')
    .input(ZCreateContactInput)
    .output(ZContactDetail)
    .mutation(({ ctx, input }) => contacts.createContact(ctx, input)),
  update: permittedProcedure('contacts:write')
    .input(ZUpdateContactInput)
    .output(ZContactDetail)
    .mutation(({ ctx, input }) => contacts.updateContact(ctx, input)),
  delete: permittedProcedure('contacts:delete')
    .input(ZDeleteContactInput)
    .output(ZDeletedRecord)
    .mutation(({ ctx, input }) => contacts.deleteContact(ctx, input)),
  /** Found by e-mail or phone (E.164), updated, or created (POST /api/v1/contacts/upsert). */
  upsert: permittedProcedure('contacts:write')
    .input(ZUpsertContactInput)
    .output(ZContactUpserted)
    .mutation(({ ctx, input }) => contacts.upsertContact(ctx, input)),
  /** /api/v1's batches (docs/decisions/036): up to 100 records, a result per record. */
  batchCreate: permittedProcedure('contacts:write')
    .input(ZBatchInput)
    .output(ZContactBatchResults)
    .mutation(({ ctx, input }) => contacts.writeContactsBatch(ctx, { kind: 'create' }, input.inputs)),
  batchUpdate: permittedProcedure('contacts:write')
    .input(ZBatchInput)
    .output(ZContactBatchResults)
    .mutation(({ ctx, input }) => contacts.writeContactsBatch(ctx, { kind: 'update' }, input.inputs)),
  batchUpsert: permittedProcedure('contacts:write')
    .input(ZUpsertContactsInput)
    .output(ZContactBatchResults)
    .mutation(({ ctx, input }) => contacts.writeContactsBatch(ctx, { kind: 'upsert', idProperty: input.idProperty }, input.inputs)),
  batchDelete: permittedProcedure('contacts:delete')
    .input(ZBatchInput)
    .output(ZContactBatchDeleted)
    .mutation(({ ctx, input }) => contacts.deleteContactsBatch(ctx, input.inputs)),
  /** Deleting in bulk also needs contacts:delete, checked by the service. */
  bulk: permittedProcedure('contacts:write')
    .input(ZBulkContactsInput)
    .mutation(({ ctx, input }) => contacts.bulkUpdateContacts(ctx, input)),
  timeline: permittedProcedure('contacts:read')
    .input(ZContactTimelineInput)
    .output(ZTimelinePage)
    .query(({ ctx, input }) => contacts.contactTimeline(ctx, input)),
  addNote: permittedProcedure('contacts:write')
    .input(ZAddNoteInput)
    .output(ZTimelineEntry)
    .mutation(({ ctx, input }) => contacts.addNote(ctx, input)),
  logInteraction: permittedProcedure('contacts:write')
    .input(ZLogInteractionInput)
    .mutation(({ ctx, input }) => contacts.logInteraction(ctx, input)),
  duplicates: permittedProcedure('contacts:read')
    .input(ZFindDuplicatesInput.prefault({}))
    .query(({ ctx, input }) => contacts.findDuplicates(ctx, input)),
  /** The contacts an e-mail or phone typed in the contact form already belongs to (a warning, not a refusal). */
  matches: permittedProcedure('contacts:read')
    .input(ZContactMatchesInput)
    .query(({ ctx, input }) => contacts.contactMatches(ctx, input)),
  merge: permittedProcedure('contacts:write')
    .input(ZMergeContactsInput)
    .mutation(({ ctx, input }) => contacts.mergeContacts(ctx, input)),
});

export const customFieldsRouter = router({
  list: permittedProcedure('contacts:read')
    .output(z.array(ZCustomFieldRecord))
    .query(({ ctx }) => listCustomFields(ctx)),
  get: permittedProcedure('contacts:read')
    .input(ZCustomFieldIdInput)
    .output(ZCustomFieldRecord)
    .query(({ ctx, input }) => getCustomField(ctx, input)),
  create: permittedProcedure('settings:manage')
    .input(ZCreateCustomFieldInput)
    .output(ZCustomFieldRecord)
    .mutation(({ ctx, input }) => createCustomField(ctx, input)),
  update: permittedProcedure('settings:manage')
    .input(ZUpdateCustomFieldInput)
    .output(ZCustomFieldRecord)
    .mutation(({ ctx, input }) => updateCustomField(ctx, input)),
  delete: permittedProcedure('settings:manage')
    .input(ZDeleteCustomFieldInput)
    .mutation(({ ctx, input }) => deleteCustomField(ctx, input)),
});

/** Personal views of the contacts list: anyone who can read contacts keeps their own. */
export const savedViewsRouter = router({
  list: permittedProcedure('contacts:read').query(({ ctx }) => listSavedViews(ctx)),
  create: permittedProcedure('contacts:read')
    .input(ZCreateSavedViewInput)
    .mutation(({ ctx, input }) => createSavedView(ctx, input)),
  update: permittedProcedure('contacts:read')
    .input(ZUpdateSavedViewInput)
    .mutation(({ ctx, input }) => updateSavedView(ctx, input)),
  delete: permittedProcedure('contacts:read')
    .input(ZDeleteSavedViewInput)
    .mutation(({ ctx, input }) => deleteSavedView(ctx, input)),
});

export const importsRouter = router({
  preview: permittedProcedure('data:import')
    .meta({ fileText: ['csv'] })
    .input(ZPreviewImportInput)
    .mutation(({ ctx, input }) => previewImport(ctx, input)),
  start: permittedProcedure('data:import')
    .meta({ fileText: ['csv'] })
    .input(ZStartImportInput)
    .mutation(({ ctx, input }) => startImport(ctx, input)),
  get: permittedProcedure('data:import')
    .input(ZGetImportInput)
    .query(({ ctx, input }) => getImport(ctx, input)),
  list: permittedProcedure('data:import')
    .input(ZListImportsInput.prefault({}))
    .query(({ ctx, input }) => listImports(ctx, input)),
});
