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
