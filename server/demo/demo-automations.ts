import type { Db } from '../db';
import { scoped } from '../db/scoped';
import { normalize } from '../automations/definition';
import { DEFAULT_WORKFLOW_SETTINGS, type TWorkflowDefinition } from '../automations/schema';

/**
 * The demo workspace's automations (issue #17): two published workflows — a new-lead follow-up by
 * SMS and e-mail, and an appointment reminder — with the runs they made over the past days, each
 * with its step log, so a newcomer sees the engine at work on /automations and /automation-engine.
 */

const LEAD_FOLLOW_UP: TWorkflowDefinition = normalize({
  version: 1,
  triggers: [{ type: 'tag_added', config: { tag: 'new-lead' } }],
  steps: [
    { id: 'welcome-sms', type: 'send_sms', config: { body: 'Hi {{first_name}}, thanks for reaching out! Reply here with any question.' } },
    { id: 'intro-email', type: 'send_email', config: { subject: 'Welcome, {{first_name}}', body: 'Hi {{first_name}},\n\nThanks for your interest — here is how we can help.' } },
    { id: 'wait-1-day', type: 'wait', config: { amount: 1, unit: 'days' } },
    { id: 'call-task', type: 'create_task', config: { title: 'Call {{first_name}} {{last_name}}', dueInHours: 24, priority: 'high' } },
  ],
  edges: [
    { from: 'start', to: 'welcome-sms' },
    { from: 'welcome-sms', to: 'intro-email' },
    { from: 'intro-email', to: 'wait-1-day' },
    { from: 'wait-1-day', to: 'call-task' },
  ],
});

const APPOINTMENT_REMINDER: TWorkflowDefinition = normalize({
  version: 1,
  triggers: [{ type: 'appointment_relative', config: { amount: 24, unit: 'hours', direction: 'before' } }],
  steps: [
    { id: 'reminder-sms', type: 'send_sms', config: { body: 'Hi {{first_name}}, a reminder of your appointment with us tomorrow. Reply to this message if you need to change it.' } },
    {
      id: 'reminder-email',
      type: 'send_email',
      config: {
        subject: 'Reminder: your appointment tomorrow',
        body: 'Hi {{first_name}},\n\nA reminder of your appointment with us tomorrow. The confirmation e-mail has the links to reschedule or cancel.',
      },
    },
  ],
  edges: [
    { from: 'start', to: 'reminder-sms' },
    { from: 'reminder-sms', to: 'reminder-email' },
  ],
});

const HOUR = 3_600_000;

export async function seedDemoAutomations(trx: Db, organizationId: string, options: { ownerId: string; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  const org = scoped(trx, organizationId);
  const contacts = await org.selectFrom('contacts').select(['id', 'first_name', 'phone', 'email']).orderBy('created_at', 'desc').limit(24).execute();
  const flows = [
    { name: 'New lead follow-up', description: 'Texts and e-mails every new lead, then gives the owner a call task.', definition: LEAD_FOLLOW_UP, contacts: contacts.slice(0, 14) },
    { name: 'Appointment reminder', description: 'Reminds by SMS and e-mail 24 hours before each appointment.', definition: APPOINTMENT_REMINDER, contacts: contacts.slice(14) },
  ];
  for (const [f, flow] of flows.entries()) {
    const createdAt = new Date(now.getTime() - (20 - f) * 24 * HOUR);
    const workflow = await org
      .insertInto('workflows', {
        name: flow.name,
        description: flow.description,
        status: 'active',
        draft_definition: JSON.stringify(flow.definition),
        settings: JSON.stringify(DEFAULT_WORKFLOW_SETTINGS),
        published_version: 1,
        draft_changed: false,
        created_by: options.ownerId,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await org
      .insertInto('workflow_versions', {
        workflow_id: workflow.id,
        version: 1,
        definition: JSON.stringify(flow.definition),
        settings: JSON.stringify(DEFAULT_WORKFLOW_SETTINGS),
        published_by: options.ownerId,
        published_at: createdAt,
      })
      .execute();
    for (const [i, contact] of flow.contacts.entries()) {
      const started = new Date(now.getTime() - (i * 31 + 5 + f * 7) * HOUR);
      // A contact who answered stops the sequence (stop when the contact replies); the others complete it.
      const replied = i % 5 === 3 && flow.definition.steps.some((s) => s.type === 'wait');
      const run = await org
        .insertInto('workflow_runs', {
          workflow_id: workflow.id,
          version: 1,
          contact_id: contact.id,
          status: replied ? 'stopped' : 'completed',
          current_step_id: null,
          trigger: flow.definition.triggers[0]!.type,
          error: replied ? 'stopped: the contact replied' : null,
          steps_taken: flow.definition.steps.length,
          started_at: started,
          updated_at: started,
          ended_at: new Date(started.getTime() + (replied ? 2 : 25) * HOUR),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      let at = started.getTime();
      for (const step of flow.definition.steps) {
        if (replied && step.type === 'wait') break;
        const channelMissing = (step.type === 'send_sms' && !contact.phone) || (step.type === 'send_email' && !contact.email);
        const detail = channelMissing
          ? `skipped: the contact has no ${step.type === 'send_sms' ? 'phone number' : 'e-mail address'}`
          : step.type === 'wait'
            ? 'wait over'
            : step.type === 'send_sms'
              ? `SMS to ${contact.phone}`
              : step.type === 'send_email'
                ? `E-mail to ${contact.email}`
                : `task "Call ${contact.first_name}"`;
        await org
          .insertInto('workflow_run_steps', {
            run_id: run.id,
            workflow_id: workflow.id,
            step_id: step.id,
            step_type: step.type,
            outcome: channelMissing ? 'skipped' : 'done',
            detail,
            created_at: new Date(at),
          })
          .execute();
        if ((step.type === 'send_sms' || step.type === 'send_email') && !channelMissing) {
          await org
            .insertInto('workflow_step_effects', { run_id: run.id, step_id: step.id, attempt: 1, kind: step.type === 'send_sms' ? 'sms' : 'email', result: '{}', created_at: new Date(at) })
            .execute();
        }
        at += step.type === 'wait' ? 24 * HOUR : 1000;
      }
    }
  }
}
