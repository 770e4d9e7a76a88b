import { scoped } from '../db/scoped';
import type { Db } from '../db';
import { primaryCurrency } from '../deals/repo';
import { createDealIn, moveDealIn } from '../deals/service';
import { ZCreateDealInput } from '../deals/schema';
import type { AppDeps } from '../deps';
import { sendEmail } from '../email/send-accept';
import { parseInput } from '../errors';
import { publishEvent } from '../events/publish';
import type { OrgAuth } from '../kernel/caller';
import type { OrgContext } from '../kernel/context';
import { sendAutomatedSms } from '../sms/service';
import { changeContact } from './contact-changes';
import { bucketOf, renderText, testConditions, type ContactSnapshot } from './contact-state';
import type { TStep, TStepType } from './schema';
import { stopRunIn } from './run-control';
import type { PlanEnv, StepSend } from './step-send';
import { nextTimeOfDay } from './wait-until';
import { webhookPreview, webhookSend } from './webhook-step';

/**
 * What each step type does, as a plan the executor carries out (executor.ts) and the test run only
 * describes (test-run.ts): both take the same branch for the same contact, by construction.
 */

export type StepWriteEnv = {
  trx: Db;
  deps: AppDeps;
  organizationId: string;
  workflowId: string;
  runId: string;
  contactId: string;
  /** The step being run and the run's position (steps taken + 1): with the run, the key of the step's effect row. */
  stepId: string;
  attempt: number;
  /** The member the automation acts for (the workflow's creator while a member). */
  actorUserId: string | null;
  /** The same member as the caller of another domain's service (deals). */
  auth: OrgAuth;
  /** Enrols the contact in another workflow in this transaction (enrol.ts). */
  enrollOther: (workflowId: string) => Promise<string>;
};

export type StepPlan = {
  /** Why: the condition's verdict, the branch, the wait's due time. */
  detail: string;
  outcome?: 'done' | 'skipped';
  branch?: string;
  /** A wait: the run sleeps until then (or until the event, for wait_for_event). */
  wait?: { until: Date; awaitsEvent?: string };
  /** The run ends here. */
  end?: boolean;
  /** A change to the database, in the step's transaction. */
  write?: (env: StepWriteEnv) => Promise<Record<string, unknown> | void>;
  /** A message through the SMS or e-mail service (or a webhook call), after the step's effect row is committed; the idempotency key makes a retry answer the first message. */
  send?: StepSend;
  /** What the step would change on the contact, for the test run's copy. */
  simulate?: (contact: ContactSnapshot) => void;
  /** What a real run would have done, for the test run's notes. */
  note?: string;
};

/**
 * A change made once per run step: the step's effect row is claimed in the step's transaction
 * before the change; finding it already there answers the first change's result instead.
 */
async function once(env: StepWriteEnv, kind: string, change: () => Promise<Record<string, unknown>>): Promise<Record<string, unknown>> {
  const org = scoped(env.trx, env.organizationId);
  const claimed = await org
    .insertInto('workflow_step_effects', { run_id: env.runId, step_id: env.stepId, attempt: env.attempt, kind })
    .onConflict((oc) => oc.columns(['run_id', 'step_id', 'attempt']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!claimed) {
    const first = await org
      .selectFrom('workflow_step_effects')
      .select('result')
      .where('run_id', '=', env.runId)
      .where('step_id', '=', env.stepId)
      .where('attempt', '=', env.attempt)
      .executeTakeFirst();
    return { ...((first?.result as Record<string, unknown> | null) ?? {}), repeated: true };
  }
  const result = await change();
  await org
    .updateTable('workflow_step_effects')
    .set({ result: JSON.stringify(result) })
    .where('id', '=', claimed.id)
    .execute();
  return result;
}

const orgContext = (env: StepWriteEnv): OrgContext => ({ db: env.trx, organizationId: env.organizationId, auth: env.auth, deps: env.deps });

export type { PlanEnv, StepSend };

const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000, weeks: 604_800_000 } as const;

const sameTag = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

type Planner<T extends TStepType> = (step: Extract<TStep, { type: T }>, contact: ContactSnapshot, now: Date, env: PlanEnv) => StepPlan;

/** Every step type of the definition format has its planner: the palette (catalog.ts) offers exactly these. */
const PLANNERS: { [T in TStepType]: Planner<T> } = {
  send_sms: (step, contact) => {
    const phone = contact.fields.phone;
    if (!phone) return { detail: 'skipped: the contact has no phone number', outcome: 'skipped' };
    const message = renderText(step.config.body, contact);
    return {
      detail: `SMS to ${phone}`,
      note: `would text ${phone}: ${message.slice(0, 80)}`,
      send: {
        kind: 'sms',
        perform: async (ctx, idempotencyKey) => {
          const sent = await sendAutomatedSms(ctx, { to: String(phone), message, contactId: contact.id, idempotencyKey });
          return { messageId: sent.messageId, status: sent.status };
        },
      },
    };
  },
  send_email: (step, contact) => {
    const email = contact.fields.email;
    if (!email) return { detail: 'skipped: the contact has no e-mail address', outcome: 'skipped' };
    const subject = renderText(step.config.subject, contact);
    const text = renderText(step.config.body, contact);
    return {
      detail: `E-mail to ${email}: ${subject}`,
      note: `would e-mail ${email}: ${subject}`,
      send: {
        kind: 'email',
        perform: async (ctx, idempotencyKey) => {
          const sent = await sendEmail(ctx, { to: { contactId: contact.id }, subject, text, variables: {}, idempotencyKey });
          return { messageId: sent.id, status: sent.status };
        },
      },
    };
  },
  wait: (step, _contact, now) => {
    const until = new Date(now.getTime() + step.config.amount * UNIT_MS[step.config.unit]);
    return { detail: `waits ${step.config.amount} ${step.config.unit}, until ${until.toISOString()}`, wait: { until } };
  },
  wait_for_event: (step, _contact, now) => {
    const until = new Date(now.getTime() + step.config.amount * UNIT_MS[step.config.unit]);
    return { detail: `waits for ${step.config.event} until ${until.toISOString()}`, wait: { until, awaitsEvent: step.config.event } };
  },
  if_else: (step, contact) => {
    const verdict = testConditions(contact, step.config.match, step.config.conditions);
    return { detail: `${verdict.met ? 'yes' : 'no'}: ${verdict.why}`, branch: verdict.met ? 'yes' : 'no' };
  },
  ab_split: (step, contact) => {
    const bucket = bucketOf(contact.id, step.id);
    const branch = bucket < step.config.percentA ? 'a' : 'b';
    return { detail: `path ${branch.toUpperCase()} (bucket ${bucket} of 100, ${step.config.percentA} % to A)`, branch };
  },
  goal: () => ({ detail: 'goal reached' }),
  add_tag: (step, contact) => {
    const tag = step.config.tag;
    if (contact.tags.some((t) => sameTag(t, tag))) return { detail: `already tagged ${tag}`, outcome: 'skipped' };
    return {
      detail: `tagged ${tag}`,
      simulate: (c) => void c.tags.push(tag),
      write: (env) => changeContact(env, (state) => ({ ...state, tags: [...state.tags, tag] })),
    };
  },
  remove_tag: (step, contact) => {
    const tag = step.config.tag;
    if (!contact.tags.some((t) => sameTag(t, tag))) return { detail: `not tagged ${tag}`, outcome: 'skipped' };
    return {
      detail: `removed tag ${tag}`,
      simulate: (c) => void (c.tags = c.tags.filter((t) => !sameTag(t, tag))),
      write: (env) => changeContact(env, (state) => ({ ...state, tags: state.tags.filter((t) => !sameTag(t, tag)) })),
    };
  },
  update_field: (step) => {
    const { field, value } = step.config;
    const FIELD_STATE = { first_name: 'firstName', last_name: 'lastName', company: 'companyName', job_title: 'jobTitle', source: 'source' } as const;
    return {
      detail: `set ${field} to ${JSON.stringify(value)}`,
      simulate: (c) => {
        if (field.startsWith('custom.')) c.custom[field.slice(7)] = value;
        else c.fields[field === 'company' ? 'company' : field] = value;
      },
      write: (env) =>
        changeContact(env, (state) => {
          if (field.startsWith('custom.')) return { ...state, customFields: { ...state.customFields, [field.slice(7)]: value } };
          if (field === 'status') return { ...state, lifecycleStage: value as typeof state.lifecycleStage };
          return { ...state, [FIELD_STATE[field as keyof typeof FIELD_STATE]]: value || null };
        }),
    };
  },
  adjust_score: (step, contact) => {
    const before = Number(contact.fields.lead_score ?? 0);
    const after = Math.max(0, Math.min(100, before + step.config.delta));
    return {
      detail: `lead score ${before} → ${after}`,
      simulate: (c) => void (c.fields.lead_score = after),
      write: (env) => changeContact(env, (state) => ({ ...state, leadScore: Math.max(0, Math.min(100, state.leadScore + step.config.delta)) })),
    };
  },
  create_task: (step, contact, now) => {
    const title = renderText(step.config.title, contact);
    const dueAt = new Date(now.getTime() + step.config.dueInHours * UNIT_MS.hours);
    return {
      detail: `task "${title}" due ${dueAt.toISOString()}`,
      note: `would create the task "${title}"`,
      write: async (env) => {
        const assignee = (contact.fields.owner_id as string | null) ?? env.actorUserId;
        const task = await scoped(env.trx, env.organizationId)
          .insertInto('tasks', { title, due_at: dueAt, priority: step.config.priority, assignee_id: assignee, contact_id: env.contactId, created_by: env.actorUserId })
          .returning('id')
          .executeTakeFirstOrThrow();
        await publishEvent(env.trx, { organizationId: env.organizationId, type: 'task_created', payload: { taskId: task.id, title, assigneeId: assignee }, actorUserId: null });
        return { taskId: task.id };
      },
    };
  },
  assign_owner: (step) => ({
    detail: `owner chosen in turn among ${step.config.userIds.length} member(s)`,
    write: async (env) => {
      const members = await scoped(env.trx, env.organizationId).selectFrom('memberships').select('user_id').where('user_id', 'in', step.config.userIds).execute();
      const eligible = step.config.userIds.filter((id) => members.some((m) => m.user_id === id));
      if (eligible.length === 0) throw new Error('none of the chosen members is still in the organization');
      const turn = await env.trx
        .insertInto('workflow_round_robin')
        .values({ organization_id: env.organizationId, workflow_id: env.workflowId, step_id: step.id, next_index: 1 })
        .onConflict((oc) => oc.columns(['workflow_id', 'step_id']).doUpdateSet((eb) => ({ next_index: eb('workflow_round_robin.next_index', '+', 1) })))
        .returning('next_index')
        .executeTakeFirstOrThrow();
      const ownerId = eligible[(turn.next_index - 1) % eligible.length]!;
      await changeContact(env, (state) => ({ ...state, ownerId }));
      return { ownerId };
    },
  }),
  notify_team: (step, contact) => {
    const message = renderText(step.config.message, contact);
    return {
      detail: `notified: ${message.slice(0, 120)}`,
      note: `would notify the team: ${message}`,
      write: async (env) => {
        let recipients = step.config.userIds;
        if (recipients.length === 0) recipients = [(contact.fields.owner_id as string | null) ?? env.actorUserId].filter((id): id is string => Boolean(id));
        const members = recipients.length ? await scoped(env.trx, env.organizationId).selectFrom('memberships').select('user_id').where('user_id', 'in', recipients).execute() : [];
        // No event of its own: the alert reaches the members the step names, not everyone an event would.
        if (members.length > 0) {
          await env.trx
            .insertInto('notifications')
            .values(
              members.map((m) => ({
                organization_id: env.organizationId,
                user_id: m.user_id,
                event_id: null,
                type: 'info' as const,
                title: 'Automation alert',
                message,
                link: `/contacts/${env.contactId}`,
              })),
            )
            .execute();
        }
        return { notified: members.length };
      },
    };
  },
  enroll_workflow: (step) => ({
    detail: `enrolled in workflow ${step.config.workflowId}`,
    note: `would enrol the contact in workflow ${step.config.workflowId}`,
    write: async (env) => ({ runId: await env.enrollOther(step.config.workflowId) }),
  }),
  end: () => ({ detail: 'end of the workflow', end: true }),
  wait_until: (step, _contact, now, env) => {
    const until = nextTimeOfDay(now, step.config.time, step.config.days, env.timeZone);
    return { detail: `waits until ${step.config.time} ${describeDays(step.config.days)} (${env.timeZone}): ${until.toISOString()}`, wait: { until } };
  },
  create_deal: (step, contact) => {
    const title = renderText(step.config.title, contact).slice(0, 200) || 'Deal';
    const { pipelineId, stageId, value } = step.config;
    return {
      detail: `deal "${title}" created`,
      note: `would create the deal "${title}"${value ? ` worth ${value}` : ''}`,
      write: (env) =>
        once(env, 'deal', async () => {
          const input = parseInput(ZCreateDealInput, {
            title,
            contactId: env.contactId,
            ownerId: (contact.fields.owner_id as string | null) ?? env.actorUserId,
            ...(pipelineId ? { pipelineId } : {}),
            ...(stageId ? { stageId } : {}),
            ...(value ? { value: { valueMinor: Math.round(value * 100), currency: await primaryCurrency(env.trx, env.organizationId) } } : {}),
          });
          return { dealId: await createDealIn(env.trx, orgContext(env), input, { automation: env.workflowId }) };
        }),
    };
  },
  move_deal: (step) => ({
    detail: `the contact's newest open deal in the stage's pipeline moved to stage ${step.config.stageId}`,
    note: `would move the contact's open deal to stage ${step.config.stageId}`,
    write: (env) =>
      once(env, 'deal', async () => {
        const org = scoped(env.trx, env.organizationId);
        const stage = await org.selectFrom('pipeline_stages').select(['pipeline_id', 'name']).where('id', '=', step.config.stageId).executeTakeFirst();
        if (!stage) throw new Error(`stage ${step.config.stageId} no longer exists`);
        const deal = await org
          .selectFrom('deals')
          .select('id')
          .where('contact_id', '=', env.contactId)
          .where('pipeline_id', '=', stage.pipeline_id)
          .where('status', '=', 'open')
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (!deal) return { skipped: 'the contact has no open deal in this pipeline' };
        const moved = await moveDealIn(env.trx, orgContext(env), {
          dealId: deal.id,
          stageId: step.config.stageId,
          lostReason: `Moved to ${stage.name} by a workflow`,
          timeline: { automation: env.workflowId },
        });
        return { dealId: deal.id, toStage: stage.name, ...moved };
      }),
  }),
  webhook: (step, contact, now) => ({
    detail: `POST to ${step.config.url}`,
    note: webhookPreview(step.config, step.id, contact, now),
    send: webhookSend(step.config, contact),
  }),
  remove_from_workflow: (step) => ({
    detail: `removed from workflow ${step.config.workflowId}`,
    note: `would stop the contact's active runs of workflow ${step.config.workflowId}`,
    write: async (env) => {
      const going = await scoped(env.trx, env.organizationId)
        .selectFrom('workflow_runs')
        .select('id')
        .where('workflow_id', '=', step.config.workflowId)
        .where('contact_id', '=', env.contactId)
        .where('status', 'in', ['running', 'waiting', 'paused'])
        .where('id', '!=', env.runId)
        .execute();
      if (going.length === 0) return { skipped: 'the contact has no active run of that workflow' };
      for (const run of going) await stopRunIn(env.trx, env.organizationId, run.id, `stopped: removed by workflow ${env.workflowId}`);
      return { stoppedRunIds: going.map((r) => r.id) };
    },
  }),
};

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
function describeDays(days: number[]): string {
  if (days.length === 0 || days.length === 7) return 'on any day';
  const sorted = [...days].sort((a, b) => a - b);
  if (sorted.join() === '1,2,3,4,5') return 'on a weekday';
  return `on ${sorted.map((d) => DAY_NAMES[d]).join(', ')}`;
}

export function planStep(step: TStep, contact: ContactSnapshot, now: Date, env: PlanEnv): StepPlan {
  const planner = PLANNERS[step.type] as Planner<typeof step.type>;
  return planner(step as never, contact, now, env);
}
