/**
 * Inputs of the lists a contact's page shows beside it (its latest deals, open tasks, latest
 * appointments): the loader and the components use these same objects, so they share cache entries.
 */
export const relatedDealsInput = (contactId: string) => ({ contactId, limit: 5, sortBy: 'updatedAt' as const, sortDir: 'desc' as const });
export const relatedTasksInput = (contactId: string) => ({ contactId, view: 'all' as const, status: 'open' as const, limit: 5 });
export const relatedAppointmentsInput = (contactId: string) => ({ contactId, limit: 5 });

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
