import type { OrgContext } from '../kernel/context';

/** Where a step's send goes out (after its effect row commits) and how it is tried again. */
export type StepSend = {
  kind: 'sms' | 'email' | 'webhook';
  /** Messages to the contact wait for the workflow's sending window; a call to a system (webhook) does not. */
  heldForWindow?: boolean;
  /** Tries before the run ends failed and the wait before each next try (the executor's defaults otherwise); each failed try is logged. */
  retry?: { attempts: number; delaySeconds: (failures: number, error: unknown) => number };
  perform: (ctx: OrgContext, idempotencyKey: string, run: { runId: string; workflowId: string; stepId: string }) => Promise<Record<string, unknown>>;
};

/** What a planner knows besides the contact: the zone the workflow reads times of day in (the organization's, or the contact's with a contact-zone sending window). */
export type PlanEnv = { timeZone: string };
