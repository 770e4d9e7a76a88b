import { z } from 'zod';
import { ZAnswerInstant } from '../records/schema';
import { cronError } from './schedule-cron';

/**
 * Automations: the workflow definition format and every procedure's input and output. Shared by the
 * server (router, REST, templates) and the client's builder (it may import this file).
 *
 * ## The definition format (version 1)
 *
 * The JSON the builder saves, the templates are written in, and `GET /api/v1/workflows/{id}/definition`
 * answers, so a workflow can be exported, kept in git and imported again:
 *
 * ```json
 * { "version": 1,
 *   "triggers": [{ "type": "tag_added", "config": { "tag": "new-lead" } }],
 *   "steps": [
 *     { "id": "welcome", "type": "send_sms", "config": { "body": "Hi {{first_name}}!" } },
 *     { "id": "pause", "type": "wait", "config": { "amount": 1, "unit": "days" } },
 *     { "id": "replied", "type": "if_else", "config": { "match": "all", "conditions": [{ "field": "tag", "operator": "has", "value": "replied" }] } },
 *     { "id": "done", "type": "end", "config": {} }
 *   ],
 *   "edges": [
 *     { "from": "start", "to": "welcome" }, { "from": "welcome", "to": "pause" }, { "from": "pause", "to": "replied" },
 *     { "from": "replied", "to": "done", "branch": "yes" }
 *   ],
 *   "layout": { "welcome": { "x": 0, "y": 120 } } }
 * ```
 *
 * - `triggers`: what enrols a contact (any one of them); none means manual enrolment only.
 * - `steps`: ids are short names (letters, digits, `-`, `_`), unique in the workflow; a run's step log
 *   names them.
 * - `edges`: `from` is a step id or the fixed `start` node; `branch` is required on the edges of a
 *   branching step and names which outcome follows it (`if_else`: yes/no; `wait_for_event`:
 *   event/timeout; `ab_split`: a/b); other steps have at most one plain edge out. A branch with no
 *   edge ends the run there. The graph must be one path from `start` (exactly one edge from start),
 *   reach every step, name only existing steps and have no cycle; `goal` steps are reached by
 *   jumping (a contact meeting a goal's conditions jumps to it from anywhere), so they need no edge in.
 * - `layout`: canvas positions by step id (the builder's; the engine ignores it).
 * - A `webhook` step's `config.secret` (`whsec_…`, Standard Webhooks) is generated when the workflow
 *   is saved without one and kept from save to save; an imported definition may bring its own.
 *   Members who may only read workflows get definitions without it.
 * Validation (server/automations/definition.ts) names the step and field, e.g. `steps.welcome.config.body: is required`.
 */

export const WORKFLOW_STATUSES = ['draft', 'active', 'paused'] as const;
export const RUN_STATUSES = ['running', 'waiting', 'paused', 'completed', 'failed', 'stopped'] as const;
export const STEP_OUTCOMES = ['done', 'skipped', 'waiting', 'failed'] as const;

/** The 15 palette tabs of the builder (spec app-core §2.6). */
export const PALETTE_TABS = [
  'Triggers',
  'Conditions',
  'Email',
  'SMS',
  'Voice',
  'Calendar',
  'Lead Scoring',
  'Delays',
  'Assignments',
  'Integrations',
  'AI Actions',
  'Analytics',
  'Compliance',
  'Alerts',
  'Custom Logic',
] as const;
export type TPaletteTab = (typeof PALETTE_TABS)[number];

const text = (max: number) => z.string({ error: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
const optionalText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`).optional();
const uuid = (what: string) => z.uuid(`must be ${what} id`);
const tag = text(100);
const keyword = z.string().trim().max(100, 'must be at most 100 characters').optional().describe('Matched as a whole word, case-insensitively; empty matches any message');

// ——— Triggers ———

export const SCHEDULE_FREQUENCIES = ['daily', 'weekly', 'cron'] as const;
export const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/**
 * A schedule trigger: daily or weekly at a local time, or a 5-field cron expression
 * (server/automations/schedule-cron.ts), in the organization's time zone. Each occurrence enrols the
 * contacts of a saved view of the workflow's creator (required to publish).
 */
export const ZScheduleConfig = z
  .strictObject({
    frequency: z.enum(SCHEDULE_FREQUENCIES, { error: 'must be daily, weekly or cron' }).default('daily'),
    time: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM (24 h)')
      .default('09:00'),
    weekday: z.enum(WEEKDAY_NAMES, { error: 'must be a day of the week' }).default('monday'),
    cron: z.string().trim().max(200, 'must be at most 200 characters').optional().describe('minute hour day-of-month month day-of-week, e.g. 0 9 * * 1-5'),
    viewId: uuid('a saved view').optional().describe('The saved contact view whose contacts each occurrence enrols'),
  })
  .superRefine((config, ctx) => {
    if (config.frequency !== 'cron') return;
    const error = config.cron ? cronError(config.cron) : 'is required for a cron schedule';
    if (error) ctx.addIssue({ code: 'custom', path: ['cron'], message: error });
  });
export type TScheduleConfig = z.infer<typeof ZScheduleConfig>;

/** The cron expression a schedule stands for (presets included). */
export function scheduleExpression(config: TScheduleConfig): string {
  if (config.frequency === 'cron') return config.cron ?? '';
  const [hour, minute] = config.time.split(':').map(Number);
  return config.frequency === 'daily' ? `${minute} ${hour} * * *` : `${minute} ${hour} * * ${WEEKDAY_NAMES.indexOf(config.weekday)}`;
}

export const ZTrigger = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('contact_created'), config: z.strictObject({ includeImports: z.boolean().default(false) }) }),
    z.strictObject({ type: z.literal('tag_added'), config: z.strictObject({ tag }) }),
    z.strictObject({ type: z.literal('tag_removed'), config: z.strictObject({ tag }) }),
    z.strictObject({
      type: z.literal('field_changed'),
      config: z.strictObject({
        field: z
          .string({ error: 'is required' })
          .trim()
          .regex(
            /^(first_name|last_name|email|phone|company|job_title|status|source|lead_score|owner_id|custom\.[A-Za-z0-9_-]{1,64})$/,
            'must be first_name, last_name, email, phone, company, job_title, status, source, lead_score, owner_id or custom.<key>',
          ),
      }),
    }),
    z.strictObject({ type: z.literal('form_submitted'), config: z.strictObject({ formId: optionalText(200).describe('The lead form; empty: any form') }) }),
    z.strictObject({ type: z.literal('deal_created'), config: z.strictObject({ pipelineId: uuid('a pipeline').optional() }) }),
    z.strictObject({ type: z.literal('deal_stage_changed'), config: z.strictObject({ stageId: uuid('a stage').optional() }) }),
    z.strictObject({ type: z.literal('deal_won'), config: z.strictObject({}) }),
    z.strictObject({ type: z.literal('deal_lost'), config: z.strictObject({}) }),
    z.strictObject({ type: z.literal('appointment_booked'), config: z.strictObject({}) }),
    z.strictObject({ type: z.literal('appointment_cancelled'), config: z.strictObject({}) }),
    z.strictObject({ type: z.literal('appointment_no_show'), config: z.strictObject({}) }),
    z.strictObject({ type: z.literal('sms_received'), config: z.strictObject({ keyword }) }),
    z.strictObject({ type: z.literal('email_received'), config: z.strictObject({ keyword }) }),
    z.strictObject({ type: z.literal('manual'), config: z.strictObject({}) }),
    z.strictObject({ type: z.literal('schedule'), config: ZScheduleConfig }),
    z.strictObject({ type: z.literal('task_overdue'), config: z.strictObject({}) }),
    z.strictObject({
      type: z.literal('appointment_relative'),
      config: z.strictObject({
        amount: z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(1000, 'must be at most 1000'),
        unit: z.enum(['minutes', 'hours', 'days'], { error: 'must be minutes, hours or days' }),
        direction: z.enum(['before', 'after'], { error: 'must be before or after' }),
      }),
    }),
    z.strictObject({
      type: z.literal('webhook'),
      config: z.strictObject({ createContact: z.boolean({ error: 'must be true or false' }).default(false).describe('Create the contact the body names when none matches') }),
    }),
    z.strictObject({ type: z.literal('email_opened'), config: z.strictObject({ campaignId: uuid('a campaign').optional().describe('Empty: any campaign') }) }),
    z.strictObject({
      type: z.literal('email_clicked'),
      config: z.strictObject({ campaignId: uuid('a campaign').optional().describe('Empty: any campaign'), urlContains: optionalText(500).describe('Only links containing this text') }),
    }),
  ],
  { error: 'is not a trigger the engine runs' },
);
export type TTrigger = z.infer<typeof ZTrigger>;
export type TTriggerType = TTrigger['type'];

// ——— Steps ———

export const ZConditionOperator = z.enum(['equals', 'not_equals', 'contains', 'is_empty', 'is_not_empty', 'greater_than', 'less_than', 'has', 'has_not'], {
  error: 'must be equals, not_equals, contains, is_empty, is_not_empty, greater_than, less_than, has or has_not',
});

/**
 * One test on the contact (or its newest open deal). `field`: `tag` (operators has/has_not),
 * a contact field (`first_name`, `last_name`, `email`, `phone`, `company`, `status`, `source`,
 * `lead_score`, `owner_id`), `custom.<key>` for a custom field, `deal.<field>` (`value`, `stage_id`, `status`),
 * or `event.<field>` (a path into what the run's trigger carried, e.g. an inbound webhook's `data`).
 */
export const ZCondition = z.strictObject({
  field: z
    .string({ error: 'is required' })
    .trim()
    .regex(
      /^(tag|[a-z_]+|custom\.[A-Za-z0-9_-]{1,64}|deal\.[a-z_]+|event\.[A-Za-z0-9_-]{1,64}(\.[A-Za-z0-9_-]{1,64}){0,4})$/,
      'must be tag, a contact field, custom.<key>, deal.<field> or event.<field>',
    ),
  operator: ZConditionOperator,
  value: z.string().max(500, 'must be at most 500 characters').default(''),
});
export type TCondition = z.infer<typeof ZCondition>;

const conditions = z.array(ZCondition).min(1, 'needs at least one condition').max(20, 'must be at most 20 conditions');
const match = z.enum(['all', 'any'], { error: 'must be all or any' }).default('all');
export const DURATION_UNITS = ['minutes', 'hours', 'days', 'weeks'] as const;
const amount = z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(1000, 'must be at most 1000');
const unit = z.enum(DURATION_UNITS, { error: 'must be minutes, hours, days or weeks' });
/** Events a `wait_for_event` step can wait for. */
export const WAITABLE_EVENTS = ['sms_received', 'email_received', 'appointment_booked', 'deal_won', 'form_submitted'] as const;

export const ZStepBody = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('send_sms'), config: z.strictObject({ body: text(1600).describe('Placeholders: {{first_name}}, {{last_name}}, {{company}}') }) }),
    z.strictObject({ type: z.literal('send_email'), config: z.strictObject({ subject: text(200), body: text(20000).describe('Plain text; placeholders as in SMS') }) }),
    z.strictObject({ type: z.literal('wait'), config: z.strictObject({ amount, unit }) }),
    z.strictObject({ type: z.literal('wait_for_event'), config: z.strictObject({ event: z.enum(WAITABLE_EVENTS, { error: `must be one of ${WAITABLE_EVENTS.join(', ')}` }), amount, unit }) }),
    z.strictObject({ type: z.literal('if_else'), config: z.strictObject({ match, conditions }) }),
    z.strictObject({
      type: z.literal('ab_split'),
      config: z.strictObject({ percentA: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 to 99').max(99, 'must be 1 to 99') }),
    }),
    z.strictObject({ type: z.literal('goal'), config: z.strictObject({ match, conditions }) }),
    z.strictObject({ type: z.literal('add_tag'), config: z.strictObject({ tag }) }),
    z.strictObject({ type: z.literal('remove_tag'), config: z.strictObject({ tag }) }),
    z.strictObject({
      type: z.literal('update_field'),
      config: z.strictObject({
        field: z
          .string({ error: 'is required' })
          .trim()
          .regex(/^(first_name|last_name|company|job_title|status|source|custom\.[A-Za-z0-9_-]{1,64})$/, 'must be first_name, last_name, company, job_title, status, source or custom.<key>'),
        value: z.string().max(500, 'must be at most 500 characters'),
      }),
    }),
    z.strictObject({
      type: z.literal('adjust_score'),
      config: z.strictObject({ delta: z.number({ error: 'must be a number' }).int('must be a whole number').min(-100, 'must be -100 to 100').max(100, 'must be -100 to 100') }),
    }),
    z.strictObject({
      type: z.literal('create_task'),
      config: z.strictObject({
        title: text(200),
        dueInHours: z.number().int('must be a whole number').min(0, 'must be 0 or more').max(8760, 'must be at most 8760').default(24),
        priority: z.enum(['low', 'medium', 'high', 'urgent'], { error: 'must be low, medium, high or urgent' }).default('medium'),
      }),
    }),
    z.strictObject({ type: z.literal('assign_owner'), config: z.strictObject({ userIds: z.array(uuid('a member')).min(1, 'needs at least one member').max(50, 'must be at most 50 members') }) }),
    z.strictObject({
      type: z.literal('notify_team'),
      config: z.strictObject({
        message: text(500),
        userIds: z.array(uuid('a member')).max(50, 'must be at most 50 members').default([]).describe('Empty: the contact owner, else the workflow creator'),
      }),
    }),
    z.strictObject({ type: z.literal('enroll_workflow'), config: z.strictObject({ workflowId: uuid('a workflow') }) }),
    z.strictObject({ type: z.literal('end'), config: z.strictObject({}) }),
    z.strictObject({
      type: z.literal('wait_until'),
      config: z.strictObject({
        time: z.string({ error: 'is required' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day HH:MM (00:00 to 23:59)'),
        days: z
          .array(z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 (Sunday) to 6').max(6, 'must be 0 (Sunday) to 6'))
          .max(7, 'must be at most 7 days')
          .refine((days) => new Set(days).size === days.length, 'names a day twice')
          .default([])
          .describe('Weekdays (0 = Sunday … 6) it may fall on; empty: any day'),
      }),
    }),
    z.strictObject({
      type: z.literal('create_deal'),
      config: z.strictObject({
        title: text(200).describe('Placeholders as in SMS'),
        pipelineId: uuid('a pipeline').optional().describe("Empty: the organization's default pipeline"),
        stageId: uuid('a stage').optional().describe("Empty: the pipeline's first open stage"),
        value: z
          .number({ error: 'must be a number' })
          .finite('must be a number')
          .min(0, 'must be 0 or more')
          .max(1_000_000_000, 'must be at most 1000000000')
          .default(0)
          .describe("In the organization's primary currency"),
      }),
    }),
    z.strictObject({ type: z.literal('move_deal'), config: z.strictObject({ stageId: uuid('a stage').describe("The contact's newest open deal in this stage's pipeline moves here") }) }),
    z.strictObject({
      type: z.literal('webhook'),
      config: z.strictObject({
        url: z
          .string({ error: 'is required' })
          .trim()
          .min(1, 'is required')
          .max(2000, 'must be at most 2000 characters')
          .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'must be an https:// URL'),
        secret: z
          .string()
          .regex(/^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/, 'must be a whsec_ signing secret')
          .optional()
          .describe('Generated when the workflow is saved; receivers verify the Standard Webhooks signature with it'),
      }),
    }),
    z.strictObject({ type: z.literal('remove_from_workflow'), config: z.strictObject({ workflowId: uuid('a workflow') }) }),
  ],
  { error: 'is not a step the engine runs' },
);
export type TStepBody = z.infer<typeof ZStepBody>;
export type TStepType = TStepBody['type'];

export const ZStepId = z
  .string({ error: 'is required' })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _')
  .refine((id) => id !== 'start', 'start is the fixed start node');
export type TStep = TStepBody & { id: string };

/** Branch names each branching step type has; any other step has one plain edge out. */
export const STEP_BRANCHES: Partial<Record<TStepType, readonly string[]>> = {
  if_else: ['yes', 'no'],
  wait_for_event: ['event', 'timeout'],
  ab_split: ['a', 'b'],
};

export const ZEdge = z.strictObject({
  from: z.string({ error: 'is required' }).max(64, 'must be at most 64 characters'),
  to: ZStepId,
  branch: z.string().max(20, 'must be at most 20 characters').optional(),
});
export type TEdge = z.infer<typeof ZEdge>;

/** Structure only; the graph rules are checked by validateDefinition (definition.ts). */
export const ZWorkflowDefinition = z.strictObject({
  version: z.literal(1, { error: 'must be 1' }),
  triggers: z.array(ZTrigger).max(10, 'must be at most 10 triggers'),
  steps: z.array(z.strictObject({ id: ZStepId, type: z.string(), config: z.unknown() })).max(200, 'must be at most 200 steps'),
  edges: z.array(ZEdge).max(400, 'must be at most 400 edges'),
  layout: z.record(z.string().max(64), z.strictObject({ x: z.number().finite(), y: z.number().finite() })).optional(),
});
/** A definition whose steps have passed their type's config schema. */
export type TWorkflowDefinition = { version: 1; triggers: TTrigger[]; steps: TStep[]; edges: TEdge[]; layout?: Record<string, { x: number; y: number }> };

export const ZSendingWindow = z.strictObject({
  /** Local hours the engine sends in, e.g. 9 to 18; a send outside waits for the next opening. */
  startHour: z.number().int().min(0, 'must be 0 to 23').max(23, 'must be 0 to 23'),
  endHour: z.number().int().min(1, 'must be 1 to 24').max(24, 'must be 1 to 24'),
  days: z.array(z.number().int().min(0, 'must be 0 (Sunday) to 6').max(6, 'must be 0 (Sunday) to 6')).min(1, 'needs at least one day').max(7),
  /** `contact`: the contact's `timezone` custom field when it names a real zone (contacts have no zone column), else the organization's. */
  timeZone: z.enum(['organization', 'contact'], { error: 'must be organization or contact' }).default('organization'),
});

export const ZWorkflowSettings = z.strictObject({
  allowReenrollment: z.boolean().default(false),
  stopOnReply: z.boolean().default(true),
  unenrollOnGoal: z.boolean().default(true),
  sendingWindow: ZSendingWindow.nullable().default(null),
});
export type TWorkflowSettings = z.infer<typeof ZWorkflowSettings>;
export const DEFAULT_WORKFLOW_SETTINGS: TWorkflowSettings = { allowReenrollment: false, stopOnReply: true, unenrollOnGoal: true, sendingWindow: null };
/**
 * Settings as a save accepts them (the builder checks its form with it too): the engine's window is
 * `startHour ≤ hour < endHour` on one day, so a window ending at or before its start would never open.
 * Stored settings are read with ZWorkflowSettings, so a row saved before this rule still loads.
 */
export const ZWorkflowSettingsInput = ZWorkflowSettings.superRefine((settings, ctx) => {
  const window = settings.sendingWindow;
  if (window && window.endHour <= window.startHour) ctx.addIssue({ code: 'custom', path: ['sendingWindow', 'endHour'], message: 'must be after the start hour' });
});

// ——— Inputs ———

export const ZWorkflowIdInput = z.object({ id: uuid('a workflow') });
export const ZRunIdInput = z.object({ runId: uuid('a run') });
export const ZCreateWorkflowInput = z.object({ name: text(120), description: optionalText(1000), templateKey: z.string().max(64).optional() });
export const ZSaveDraftInput = z.object({
  id: uuid('a workflow'),
  name: text(120).optional(),
  description: optionalText(1000),
  definition: ZWorkflowDefinition,
  settings: ZWorkflowSettingsInput.optional(),
});
export const ZSetStatusInput = z.object({ id: uuid('a workflow'), status: z.enum(['active', 'paused'], { error: 'must be active or paused' }) });
export const ZTestRunInput = z.object({ id: uuid('a workflow'), contactId: uuid('a contact'), source: z.enum(['draft', 'published'], { error: 'must be draft or published' }).default('draft') });
export const ZEnrollInput = z.object({ id: uuid('a workflow'), contactId: uuid('a contact') });
/** Manual enrolment of every contact one of the caller's saved contact views shows. */
export const ZEnrollViewInput = z.object({ id: uuid('a workflow'), viewId: uuid('a saved view') });
export const ZListRunsInput = z.object({
  workflowId: uuid('a workflow').optional(),
  contactId: uuid('a contact').optional(),
  status: z.enum(RUN_STATUSES, { error: `must be one of ${RUN_STATUSES.join(', ')}` }).optional(),
  cursor: z.string().max(200).nullish(),
  limit: z.number().int().min(1, 'must be between 1 and 100').max(100, 'must be between 1 and 100').default(25),
});
/** REST: the runs query of GET /api/v1/workflows/{id}/runs, and the body of POST …/enrollments. */
export const ZWorkflowRunsQuery = z.object({ contactId: ZListRunsInput.shape.contactId, status: ZListRunsInput.shape.status, cursor: ZListRunsInput.shape.cursor });
export const ZEnrollmentBody = z.object({ contactId: uuid('a contact') });

// ——— Answers ———

const ZRunCounts = z.strictObject({ enrolled: z.number().int(), active: z.number().int(), completed: z.number().int() });

export const ZWorkflowSummary = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(WORKFLOW_STATUSES),
  publishedVersion: z.number().int().nullable(),
  hasUnpublishedChanges: z.boolean(),
  triggerTypes: z.array(z.string()),
  counts: ZRunCounts,
  lastRunAt: ZAnswerInstant.nullable(),
  updatedAt: ZAnswerInstant,
});
export const ZWorkflowList = z.strictObject({ items: z.array(ZWorkflowSummary) });

export const ZWorkflowDetail = ZWorkflowSummary.extend({
  definition: ZWorkflowDefinition,
  settings: ZWorkflowSettings,
  published: z.strictObject({ version: z.number().int(), definition: ZWorkflowDefinition, publishedAt: ZAnswerInstant }).nullable(),
});

export const ZTemplate = z.strictObject({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  stepCount: z.number().int(),
  definition: ZWorkflowDefinition,
});
export const ZTemplateList = z.strictObject({ items: z.array(ZTemplate) });

export const ZStepLog = z.strictObject({
  id: z.uuid(),
  stepId: z.string(),
  stepType: z.string(),
  outcome: z.enum(STEP_OUTCOMES),
  /** Why this happened (the condition's verdict, the branch taken, the wait's due time). */
  detail: z.string(),
  branch: z.string().nullable(),
  output: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  at: ZAnswerInstant,
});

export const ZRun = z.strictObject({
  id: z.uuid(),
  workflow: z.strictObject({ id: z.uuid(), name: z.string() }),
  version: z.number().int(),
  contact: z.strictObject({ id: z.uuid(), name: z.string() }).nullable(),
  status: z.enum(RUN_STATUSES),
  currentStepId: z.string().nullable(),
  waitingUntil: ZAnswerInstant.nullable(),
  error: z.string().nullable(),
  startedAt: ZAnswerInstant,
  endedAt: ZAnswerInstant.nullable(),
});
export const ZRunPage = z.strictObject({ items: z.array(ZRun), nextCursor: z.string().nullable() });
export const ZRunDetail = ZRun.extend({ steps: z.array(ZStepLog) });

export const ZTestRunResult = z.strictObject({
  path: z.array(
    z.strictObject({
      stepId: z.string(),
      stepType: z.string(),
      outcome: z.enum(STEP_OUTCOMES),
      detail: z.string(),
      branch: z.string().nullable(),
      /** Simulated time of the step: waits advance it instead of waiting. */
      at: ZAnswerInstant,
    }),
  ),
  endedBy: z.enum(['end', 'no_next_step', 'goal', 'step_limit']),
  /** What a real run would have sent or changed; nothing was. */
  notes: z.array(z.string()),
});

export const ZEnrollResult = z.strictObject({ runId: z.uuid() });
export const ZEnrollViewResult = z.strictObject({ matched: z.number().int(), enrolled: z.number().int(), skipped: z.number().int() });
export const ZRunAction = z.strictObject({ runId: z.uuid(), status: z.enum(RUN_STATUSES) });

/** Stop on a whole workflow: how many of its runs were going and are stopped now. */
export const ZStopRunsResult = z.strictObject({ stopped: z.number().int() });

export const ZStepCounts = z.strictObject({
  version: z.number().int().nullable(),
  steps: z.array(z.strictObject({ stepId: z.string(), done: z.number().int(), failed: z.number().int(), waiting: z.number().int() })),
});

export const ZOverview = z.strictObject({
  activeWorkflows: z.number().int(),
  totalWorkflows: z.number().int(),
  runsToday: z.number().int(),
  runsActive: z.number().int(),
  /** Completed ÷ ended runs of the last 30 days, 0–100; null with no ended run. */
  completionRate: z.number().nullable(),
  failuresLast30Days: z.number().int(),
  sendsLast30Days: z.strictObject({ sms: z.number().int(), email: z.number().int() }),
  recentActivity: z.array(
    z.strictObject({
      runId: z.uuid(),
      workflowName: z.string(),
      contactName: z.string().nullable(),
      stepId: z.string(),
      stepType: z.string(),
      level: z.enum(['success', 'warning', 'error']),
      message: z.string(),
      at: ZAnswerInstant,
    }),
  ),
  insights: z.array(z.strictObject({ level: z.enum(['info', 'warning', 'error']), workflowId: z.uuid(), title: z.string(), message: z.string() })),
});

export const ZCatalogEntry = z.strictObject({
  key: z.string(),
  kind: z.enum(['trigger', 'step']),
  label: z.string(),
  description: z.string(),
  tab: z.enum(PALETTE_TABS),
  branches: z.array(z.string()),
  /** The config's fields, for the configuration panel: name, input kind, whether required, choices. */
  fields: z.array(
    z.strictObject({
      name: z.string(),
      label: z.string(),
      kind: z.enum(['text', 'textarea', 'number', 'boolean', 'select', 'tag', 'members', 'conditions', 'stage', 'pipeline', 'workflow', 'url', 'time', 'weekdays', 'secret', 'view']),
      required: z.boolean(),
      options: z.array(z.string()).optional(),
      /** What leaving an optional picker empty means ("Any" when not said). */
      empty: z.string().optional(),
    }),
  ),
  /** The starting config of a card just dropped on the canvas (member and workflow pickers still need choosing). */
  defaultConfig: z.record(z.string(), z.unknown()),
});
export const ZCatalog = z.strictObject({ tabs: z.array(z.enum(PALETTE_TABS)), triggers: z.array(ZCatalogEntry), steps: z.array(ZCatalogEntry) });

// ——— Inbound webhook trigger (server/automations/hooks.ts) ———

/** The header carrying `sha256=<hex HMAC-SHA256 of the raw body under the workflow's secret>`. */
export const HOOK_SIGNATURE_HEADER = 'X-Switchboard-Signature';
/** Bodies above this are refused 413 (server/body-limits.ts). */
export const HOOK_MAX_BYTES = 64 * 1024;

/**
 * The body of `POST /api/automations/hooks/{token}`: which contact (by id, e-mail or phone, tried in
 * that order), whether to create it when none matches, and the data the run gets as its event fields.
 */
export const ZHookBody = z.strictObject({
  contact: z
    .strictObject({
      id: uuid('a contact').optional(),
      email: z.email('must be an e-mail address').max(320, 'must be at most 320 characters').optional(),
      phone: z.string().trim().min(1, 'must not be empty').max(40, 'must be at most 40 characters').optional(),
      firstName: optionalText(100),
      lastName: optionalText(100),
    })
    .refine((c) => c.id !== undefined || c.email !== undefined || c.phone !== undefined, 'needs an id, email or phone'),
  createContact: z.boolean({ error: 'must be true or false' }).optional().describe('Create the contact when none matches (also when the trigger says so)'),
  data: z.record(z.string().max(64, 'keys must be at most 64 characters'), z.unknown()).default({}).describe('Read in If / Else as event.<key>'),
});
export const ZHookResult = z.strictObject({
  status: z.enum(['enrolled', 'skipped']),
  runId: z.uuid().nullable(),
  contactId: z.uuid(),
  contactCreated: z.boolean(),
  /** Why no run started (already in the workflow, re-enrolment off, loop guard). */
  reason: z.string().nullable(),
});
export const ZHookInfoInput = z.object({ id: uuid('a workflow'), rotate: z.boolean().default(false) });
export const ZHookInfo = z.strictObject({ url: z.string(), secret: z.string(), header: z.string() });
