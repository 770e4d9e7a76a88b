/**
 * The contacts domain's services, one module per job — the list (list.ts), one contact (read.ts),
 * its writes (write.ts), bulk changes (bulk.ts), /api/v1's batches and upserts (batch.ts), duplicates and merges (merge.ts), and the
 * lookups other domains call (capture.ts) — answered from one place for the doors and other domains.
 */
export { deleteContactsBatch, upsertContact, writeContactsBatch } from './batch';
export { bulkUpdateContacts } from './bulk';
export { contactsWithPhone, findOrCreateContactByPhone, findOrCreateContactIdsByPhone, upsertContactByEmail, upsertContactByPhone, type CaptureOptions, type UpsertContactData } from './capture';
export { listContacts, listContactTags } from './list';
export { contactMatches, findDuplicates, mergeContacts } from './merge';
export { contactTimeline, contactVisible, getContact } from './read';
export { addNote, createContact, deleteContact, logInteraction, updateContact } from './write';
