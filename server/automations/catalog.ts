import type { z } from 'zod';
import { PALETTE_TABS, STEP_BRANCHES, WAITABLE_EVENTS, DURATION_UNITS, SCHEDULE_FREQUENCIES, WEEKDAY_NAMES, type TPaletteTab, type TStepType, type TTriggerType, type ZCatalogEntry } from './schema';

/**
 * What the engine runs, for the builder's palette: every trigger and step type with its tab, its
 * configuration fields and a default config that validates. The builder shows only these cards.
 */

type Entry = z.output<typeof ZCatalogEntry>;
type Field = Entry['fields'][number];

const f = (name: string, label: string, kind: Field['kind'], required = true, options?: readonly string[]): Field => ({ name, label, kind, required, ...(options ? { options: [...options] } : {}) });
/** An optional picker whose empty choice means something other than "any". */
const optional = (field: Field, empty: string): Field => ({ ...field, empty });
const duration = [f('amount', 'Amount', 'number'), f('unit', 'Unit', 'select', true, DURATION_UNITS)];

const TRIGGERS: Record<TTriggerType, Omit<Entry, 'key' | 'kind' | 'branches'>> = {
  contact_created: {
    label: 'Contact Created',
    description: 'A contact is added (imports only when chosen).',
    tab: 'Triggers',
    fields: [f('includeImports', 'Include imported contacts', 'boolean', false)],
    defaultConfig: { includeImports: false },
  },
  tag_added: { label: 'Tag Added', description: 'A tag is added to a contact.', tab: 'Triggers', fields: [f('tag', 'Tag', 'tag')], defaultConfig: { tag: 'new-lead' } },
  tag_removed: { label: 'Tag Removed', description: 'A tag is removed from a contact.', tab: 'Triggers', fields: [f('tag', 'Tag', 'tag')], defaultConfig: { tag: 'new-lead' } },
  field_changed: {
    label: 'Field Changed',
    description: 'A contact field or custom field (custom.<key>) changes.',
    tab: 'Triggers',
    fields: [f('field', 'Field', 'text')],
    defaultConfig: { field: 'status' },
  },
  form_submitted: { label: 'Form Submitted', description: 'A lead form is submitted.', tab: 'Triggers', fields: [f('formId', 'Form', 'text', false)], defaultConfig: {} },
  deal_created: { label: 'Deal Created', description: 'A deal is created for a contact.', tab: 'Triggers', fields: [f('pipelineId', 'Pipeline', 'pipeline', false)], defaultConfig: {} },
  deal_stage_changed: { label: 'Deal Stage Changed', description: 'A contact’s deal moves stage.', tab: 'Triggers', fields: [f('stageId', 'To stage', 'stage', false)], defaultConfig: {} },
  deal_won: { label: 'Deal Won', description: 'A contact’s deal is won.', tab: 'Triggers', fields: [], defaultConfig: {} },
  deal_lost: { label: 'Deal Lost', description: 'A contact’s deal is lost.', tab: 'Triggers', fields: [], defaultConfig: {} },
  appointment_booked: { label: 'Appointment Booked', description: 'An appointment is booked with a contact.', tab: 'Calendar', fields: [], defaultConfig: {} },
  appointment_cancelled: { label: 'Appointment Cancelled', description: 'A contact’s appointment is cancelled.', tab: 'Calendar', fields: [], defaultConfig: {} },
  appointment_no_show: { label: 'Appointment No-Show', description: 'A contact’s appointment is marked no-show.', tab: 'Calendar', fields: [], defaultConfig: {} },
  sms_received: { label: 'SMS Received', description: 'A contact texts in (optionally with a keyword).', tab: 'SMS', fields: [f('keyword', 'Keyword', 'text', false)], defaultConfig: {} },
  email_received: { label: 'E-mail Received', description: 'A contact e-mails in (optionally with a keyword).', tab: 'Email', fields: [f('keyword', 'Keyword', 'text', false)], defaultConfig: {} },
  manual: { label: 'Manual Enrolment', description: 'A member enrols a contact by hand or through the API.', tab: 'Triggers', fields: [], defaultConfig: {} },
  schedule: {
    label: 'Schedule',
    description:
      'At each occurrence (daily, weekly or a cron expression, in the organization’s time zone), enrols the contacts of a saved view. Occurrences missed while the server was down fire once when it is back, as the most recent one — never as a burst.',
    tab: 'Triggers',
    fields: [
      f('frequency', 'Repeats', 'select', true, SCHEDULE_FREQUENCIES),
      f('time', 'At (HH:MM)', 'text', false),
      f('weekday', 'On (weekly)', 'select', false, WEEKDAY_NAMES),
      f('cron', 'Cron expression (minute hour day month weekday)', 'text', false),
      f('viewId', 'Saved view', 'view'),
    ],
    defaultConfig: { frequency: 'daily', time: '09:00', weekday: 'monday' },
  },
  task_overdue: { label: 'Task Overdue', description: 'A contact’s task passes its due time without being completed.', tab: 'Assignments', fields: [], defaultConfig: {} },
  appointment_relative: {
    label: 'Before / After Appointment',
    description: 'A set time before or after a contact’s booked appointment starts (moves with a reschedule, never for a cancelled one).',
    tab: 'Calendar',
    fields: [f('amount', 'Amount', 'number'), f('unit', 'Unit', 'select', true, ['minutes', 'hours', 'days']), f('direction', 'When', 'select', true, ['before', 'after'])],
    defaultConfig: { amount: 24, unit: 'hours', direction: 'before' },
  },
  webhook: {
    label: 'Inbound Webhook',
    description: 'Another system POSTs a signed JSON body naming a contact; its fields are the run’s event fields (event.<field> in If / Else).',
    tab: 'Integrations',
    fields: [f('createContact', 'Create the contact when none matches', 'boolean', false)],
    defaultConfig: { createContact: false },
  },
  email_opened: {
    label: 'E-mail Opened',
    description: 'A contact opens a campaign e-mail (their first open; machine opens such as Apple Mail Privacy Protection do not count).',
    tab: 'Email',
    fields: [f('campaignId', 'Campaign id', 'text', false)],
    defaultConfig: {},
  },
  email_clicked: {
    label: 'E-mail Link Clicked',
    description: 'A contact clicks a link in a campaign e-mail (the first click of each link; scanners do not count).',
    tab: 'Email',
    fields: [f('campaignId', 'Campaign id', 'text', false), f('urlContains', 'Link contains', 'text', false)],
    defaultConfig: {},
  },
};

const STEPS: Record<TStepType, Omit<Entry, 'key' | 'kind' | 'branches'>> = {
  send_sms: {
    label: 'Send SMS',
    description: 'Texts the contact through the SMS service (opt-outs and quiet hours apply).',
    tab: 'SMS',
    fields: [f('body', 'Message', 'textarea')],
    defaultConfig: { body: 'Hi {{first_name}}!' },
  },
  send_email: {
    label: 'Send E-mail',
    description: 'E-mails the contact through the e-mail service (suppressions apply).',
    tab: 'Email',
    fields: [f('subject', 'Subject', 'text'), f('body', 'Body', 'textarea')],
    defaultConfig: { subject: 'Welcome, {{first_name}}', body: 'Hi {{first_name}},\n\nWelcome!' },
  },
  wait: { label: 'Wait', description: 'Waits a duration before the next step.', tab: 'Delays', fields: duration, defaultConfig: { amount: 1, unit: 'days' } },
  wait_for_event: {
    label: 'Wait for Event',
    description: 'Waits until the contact does something, or a timeout.',
    tab: 'Delays',
    fields: [f('event', 'Event', 'select', true, WAITABLE_EVENTS), ...duration],
    defaultConfig: { event: 'sms_received', amount: 2, unit: 'days' },
  },
  if_else: {
    label: 'If / Else',
    description: 'Branches on contact fields, tags or deal fields.',
    tab: 'Conditions',
    fields: [f('match', 'Match', 'select', true, ['all', 'any']), f('conditions', 'Conditions', 'conditions')],
    defaultConfig: { match: 'all', conditions: [{ field: 'tag', operator: 'has', value: 'vip' }] },
  },
  ab_split: {
    label: 'A/B Split',
    description: 'Sends a share of contacts down path A, the rest down B.',
    tab: 'Analytics',
    fields: [f('percentA', 'Percent to A', 'number')],
    defaultConfig: { percentA: 50 },
  },
  goal: {
    label: 'Goal',
    description: 'A contact who meets it jumps here from anywhere in the workflow.',
    tab: 'Conditions',
    fields: [f('match', 'Match', 'select', true, ['all', 'any']), f('conditions', 'Conditions', 'conditions')],
    defaultConfig: { match: 'all', conditions: [{ field: 'tag', operator: 'has', value: 'customer' }] },
  },
  add_tag: { label: 'Add Tag', description: 'Adds a tag to the contact.', tab: 'Custom Logic', fields: [f('tag', 'Tag', 'tag')], defaultConfig: { tag: 'engaged' } },
  remove_tag: { label: 'Remove Tag', description: 'Removes a tag from the contact.', tab: 'Custom Logic', fields: [f('tag', 'Tag', 'tag')], defaultConfig: { tag: 'engaged' } },
  update_field: {
    label: 'Update Field',
    description: 'Sets a contact field or custom field.',
    tab: 'Custom Logic',
    fields: [f('field', 'Field', 'text'), f('value', 'Value', 'text', false)],
    defaultConfig: { field: 'status', value: 'lead' },
  },
  adjust_score: {
    label: 'Adjust Lead Score',
    description: 'Adds to or subtracts from the contact’s lead score (0–100).',
    tab: 'Lead Scoring',
    fields: [f('delta', 'Points', 'number')],
    defaultConfig: { delta: 10 },
  },
  create_task: {
    label: 'Create Task',
    description: 'Creates a task on the contact for its owner.',
    tab: 'Assignments',
    fields: [f('title', 'Title', 'text'), f('dueInHours', 'Due in (hours)', 'number', false), f('priority', 'Priority', 'select', false, ['low', 'medium', 'high', 'urgent'])],
    defaultConfig: { title: 'Follow up with {{first_name}}', dueInHours: 24, priority: 'medium' },
  },
  assign_owner: {
    label: 'Assign Owner',
    description: 'Assigns the contact to the chosen members in turn (round robin).',
    tab: 'Assignments',
    fields: [f('userIds', 'Members', 'members')],
    defaultConfig: { userIds: [] },
  },
  notify_team: {
    label: 'Notify Team',
    description: 'Sends an in-app notification to members.',
    tab: 'Alerts',
    fields: [f('message', 'Message', 'textarea'), f('userIds', 'Members', 'members', false)],
    defaultConfig: { message: '{{first_name}} {{last_name}} needs attention', userIds: [] },
  },
  enroll_workflow: {
    label: 'Enrol in Workflow',
    description: 'Enrols the contact in another published workflow.',
    tab: 'Custom Logic',
    fields: [f('workflowId', 'Workflow', 'workflow')],
    defaultConfig: {},
  },
  end: { label: 'End', description: 'Ends the run.', tab: 'Custom Logic', fields: [], defaultConfig: {} },
  wait_until: {
    label: 'Wait Until Time',
    description: 'Waits until a time of day, on chosen weekdays, in the organization’s time zone (the contact’s when the sending window uses it).',
    tab: 'Delays',
    fields: [f('time', 'Time of day', 'time'), optional(f('days', 'On', 'weekdays', false), 'Any day')],
    defaultConfig: { time: '09:00', days: [1, 2, 3, 4, 5] },
  },
  create_deal: {
    label: 'Create Deal',
    description: 'Creates a deal for the contact in a pipeline and stage; the contact’s owner owns it.',
    tab: 'Assignments',
    fields: [
      f('title', 'Title', 'text'),
      optional(f('pipelineId', 'Pipeline', 'pipeline', false), 'The default pipeline'),
      optional(f('stageId', 'Stage', 'stage', false), 'The pipeline’s first stage'),
      f('value', 'Value', 'number', false),
    ],
    defaultConfig: { title: '{{first_name}} {{last_name}}', value: 0 },
  },
  move_deal: {
    label: 'Move Deal',
    description: 'Moves the contact’s newest open deal in the stage’s pipeline to that stage.',
    tab: 'Assignments',
    fields: [f('stageId', 'To stage', 'stage')],
    defaultConfig: {},
  },
  webhook: {
    label: 'Webhook Call',
    description: 'POSTs the contact as JSON to a URL, signed (Standard Webhooks) and retried with backoff.',
    tab: 'Integrations',
    fields: [f('url', 'URL', 'url'), f('secret', 'Signing secret', 'secret', false)],
    defaultConfig: { url: 'https://example.com/webhook' },
  },
  remove_from_workflow: {
    label: 'Remove from Workflow',
    description: 'Stops the contact’s active runs of another workflow.',
    tab: 'Custom Logic',
    fields: [f('workflowId', 'Workflow', 'workflow')],
    defaultConfig: {},
  },
};

export function catalog() {
  const triggers = Object.entries(TRIGGERS).map(([key, entry]) => ({ key, kind: 'trigger' as const, branches: [], ...entry }));
  const steps = Object.entries(STEPS).map(([key, entry]) => ({ key, kind: 'step' as const, branches: [...(STEP_BRANCHES[key as TStepType] ?? [])], ...entry }));
  const used = new Set<TPaletteTab>([...triggers, ...steps].map((e) => e.tab));
  return { tabs: PALETTE_TABS.filter((tab) => used.has(tab)), triggers, steps };
}
