import type { TEdge, TStep, TTrigger, TWorkflowDefinition } from './schema';

/**
 * Ready templates, written in the definition format (schema.ts) as real graphs: 'Use Template'
 * copies one into a new draft. Each is checked by tests/unit/automations-definition.test.ts.
 */

export type WorkflowTemplate = { key: string; name: string; description: string; category: string; definition: TWorkflowDefinition };

type Node = TStep & { next?: string; branches?: Record<string, string> };

/** A graph from steps listed in order: each flows to the next unless it names `next` or `branches`. */
function graph(triggers: TTrigger[], nodes: Node[]): TWorkflowDefinition {
  const edges: TEdge[] = nodes.length > 0 ? [{ from: 'start', to: nodes[0]!.id }] : [];
  nodes.forEach((node, index) => {
    if (node.branches) {
      for (const [branch, to] of Object.entries(node.branches)) edges.push({ from: node.id, to, branch });
    } else if (node.type !== 'end' && node.type !== 'goal') {
      const to = node.next ?? nodes[index + 1]?.id;
      if (to) edges.push({ from: node.id, to });
    } else if (node.type === 'goal' && node.next) {
      edges.push({ from: node.id, to: node.next });
    }
  });
  const steps = nodes.map(({ next: _next, branches: _branches, ...step }) => step as TStep);
  return { version: 1, triggers, steps, edges };
}

const sms = (id: string, body: string, extra: Partial<Node> = {}): Node => ({ id, type: 'send_sms', config: { body }, ...extra }) as Node;
const email = (id: string, subject: string, body: string, extra: Partial<Node> = {}): Node => ({ id, type: 'send_email', config: { subject, body }, ...extra }) as Node;
const wait = (id: string, amount: number, unit: 'minutes' | 'hours' | 'days' | 'weeks', extra: Partial<Node> = {}): Node => ({ id, type: 'wait', config: { amount, unit }, ...extra }) as Node;
const tag = (id: string, name: string, extra: Partial<Node> = {}): Node => ({ id, type: 'add_tag', config: { tag: name }, ...extra }) as Node;
const end = (id: string): Node => ({ id, type: 'end', config: {} });
const hasTag = (name: string) => ({ match: 'all' as const, conditions: [{ field: 'tag', operator: 'has' as const, value: name }] });

export const TEMPLATES: WorkflowTemplate[] = [
  {
    key: 'lead-nurturing',
    name: 'Lead Nurturing Sequence',
    description: 'Texts and e-mails a new lead over a week, stops when they reply, and hands engaged leads to a rep.',
    category: 'Sales',
    definition: graph(
      [{ type: 'tag_added', config: { tag: 'new-lead' } }],
      [
        sms('welcome-sms', 'Hi {{first_name}}, thanks for your interest! Reply here with any question.'),
        email('intro-email', 'Welcome, {{first_name}}', 'Hi {{first_name}},\n\nThanks for reaching out. Here is what we can do for you.'),
        { id: 'wait-reply', type: 'wait_for_event', config: { event: 'sms_received', amount: 2, unit: 'days' }, branches: { event: 'engaged-score', timeout: 'follow-up-email' } },
        { id: 'engaged-score', type: 'adjust_score', config: { delta: 20 }, next: 'rep-task' },
        email('follow-up-email', 'Still interested, {{first_name}}?', 'Hi {{first_name}},\n\nJust checking in — would a short call help?'),
        wait('wait-3-days', 3, 'days'),
        { id: 'rep-task', type: 'create_task', config: { title: 'Call {{first_name}} {{last_name}}', dueInHours: 24, priority: 'high' } },
        end('done'),
      ],
    ),
  },
  {
    key: 'appointment-booking',
    name: 'Appointment Booking Flow',
    description: 'Confirms a booked appointment, reminds the day before, and follows up or rebooks after.',
    category: 'Calendar',
    definition: graph(
      [{ type: 'appointment_booked', config: {} }],
      [
        sms('confirm-sms', 'Hi {{first_name}}, your appointment is booked. Reply C to confirm.'),
        email('confirm-email', 'Your appointment is confirmed', 'Hi {{first_name}},\n\nYour appointment is booked. We look forward to seeing you.'),
        tag('tag-booked', 'appointment-booked'),
        { id: 'wait-confirm', type: 'wait_for_event', config: { event: 'sms_received', amount: 1, unit: 'days' }, branches: { event: 'tag-confirmed', timeout: 'reminder-sms' } },
        tag('tag-confirmed', 'appointment-confirmed', { next: 'wait-visit' }),
        sms('reminder-sms', 'Reminder, {{first_name}}: your appointment is coming up. Reply C to confirm.'),
        wait('wait-visit', 2, 'days'),
        { id: 'showed-up', type: 'if_else', config: hasTag('attended'), branches: { yes: 'thanks-email', no: 'rebook-sms' } },
        email('thanks-email', 'Thank you for visiting', 'Hi {{first_name}},\n\nThanks for coming in. We would love your feedback.', { next: 'done' }),
        sms('rebook-sms', 'Sorry we missed you, {{first_name}}. Reply to pick a new time.', { next: 'rebook-task' }),
        { id: 'rebook-task', type: 'create_task', config: { title: 'Rebook {{first_name}} {{last_name}}', dueInHours: 24, priority: 'medium' }, next: 'done' },
        end('done'),
      ],
    ),
  },
  {
    key: 'welcome-series',
    name: 'Welcome Series',
    description: 'Three welcome e-mails over a week for every new contact.',
    category: 'Email',
    definition: graph(
      [{ type: 'contact_created', config: { includeImports: false } }],
      [
        email('welcome-1', 'Welcome aboard, {{first_name}}', 'Hi {{first_name}},\n\nWelcome! Here is how to get started.'),
        wait('wait-2-days', 2, 'days'),
        email('welcome-2', 'A few tips to get the most out of us', 'Hi {{first_name}},\n\nHere are three tips our best customers use.'),
        wait('wait-5-days', 5, 'days'),
        email('welcome-3', 'How is it going, {{first_name}}?', 'Hi {{first_name}},\n\nReply to this e-mail and tell us how we can help.'),
        tag('tag-welcomed', 'welcomed'),
        end('done'),
      ],
    ),
  },
  {
    key: 're-engagement',
    name: 'Re-engagement Campaign',
    description: 'Wins back a contact tagged inactive: an e-mail, a text, and a task for the owner if they stay quiet.',
    category: 'Email',
    definition: graph(
      [{ type: 'tag_added', config: { tag: 'inactive' } }],
      [
        email('miss-you', 'We miss you, {{first_name}}', 'Hi {{first_name}},\n\nIt has been a while. Here is what is new.'),
        { id: 'wait-reply', type: 'wait_for_event', config: { event: 'email_received', amount: 5, unit: 'days' }, branches: { event: 'reactivated', timeout: 'nudge-sms' } },
        { id: 'reactivated', type: 'remove_tag', config: { tag: 'inactive' }, next: 'done' },
        sms('nudge-sms', 'Hi {{first_name}}, anything we can help with? Reply here.'),
        { id: 'owner-task', type: 'create_task', config: { title: 'Reach out to {{first_name}} {{last_name}}', dueInHours: 48, priority: 'low' } },
        end('done'),
      ],
    ),
  },
  {
    key: 'dental-recall',
    name: 'Dental Recall',
    description: 'Six-month recall reminders for patients after a visit.',
    category: 'Dental',
    definition: graph(
      [{ type: 'tag_added', config: { tag: 'visit-completed' } }],
      [
        wait('wait-recall', 24, 'weeks'),
        { id: 'wait-business-hours', type: 'wait_until', config: { time: '09:30', days: [1, 2, 3, 4, 5] } },
        sms('recall-sms', 'Hi {{first_name}}, it is time for your six-month check-up. Reply to book.'),
        { id: 'wait-booking', type: 'wait_for_event', config: { event: 'appointment_booked', amount: 7, unit: 'days' }, branches: { event: 'done', timeout: 'recall-email' } },
        email('recall-email', 'Time for your check-up', 'Hi {{first_name}},\n\nYour six-month check-up is due. Book a time that suits you.', { next: 'done' }),
        end('done'),
      ],
    ),
  },
  {
    key: 'med-spa-rebooking',
    name: 'Med Spa Rebooking',
    description: 'Invites a client back four weeks after a treatment, texting at 10:00 on a weekday.',
    category: 'Med Spa',
    definition: graph(
      [{ type: 'tag_added', config: { tag: 'treatment-done' } }],
      [
        wait('wait-4-weeks', 4, 'weeks'),
        // The invitation goes out in business hours, not at whatever hour the treatment was tagged.
        { id: 'wait-business-hours', type: 'wait_until', config: { time: '10:00', days: [1, 2, 3, 4, 5] } },
        sms('rebook-sms', 'Hi {{first_name}}, ready for your next treatment? Reply to book.'),
        tag('tag-invited', 'rebooking-invited'),
        end('done'),
      ],
    ),
  },
  {
    key: 'agency-lead-follow-up',
    name: 'Agency Lead Follow-up',
    description: 'Answers a form lead in minutes, alerts the team and gives a rep a call task.',
    category: 'Agency',
    definition: graph(
      [{ type: 'form_submitted', config: {} }],
      [
        email('thanks-email', 'Thanks for your enquiry', 'Hi {{first_name}},\n\nThanks for getting in touch — a strategist will call you shortly.'),
        { id: 'alert-team', type: 'notify_team', config: { message: 'New enquiry from {{first_name}} {{last_name}}', userIds: [] } },
        { id: 'call-task', type: 'create_task', config: { title: 'Call {{first_name}} {{last_name}} about their enquiry', dueInHours: 2, priority: 'urgent' } },
        end('done'),
      ],
    ),
  },
  {
    key: 'coaching-onboarding',
    name: 'Coaching Onboarding',
    description: 'Welcomes a new client once the deal is won and schedules the first check-in.',
    category: 'Coaching',
    definition: graph(
      [{ type: 'deal_won', config: {} }],
      [
        email('welcome-email', 'Welcome to coaching, {{first_name}}', 'Hi {{first_name}},\n\nWelcome! Here is how our first session will work.'),
        tag('tag-client', 'client'),
        wait('wait-1-week', 1, 'weeks'),
        sms('check-in-sms', 'Hi {{first_name}}, how is your first week going? Reply any time.'),
        end('done'),
      ],
    ),
  },
];

export function templateByKey(key: string): WorkflowTemplate | undefined {
  return TEMPLATES.find((t) => t.key === key);
}

export function listTemplates() {
  return { items: TEMPLATES.map((t) => ({ key: t.key, name: t.name, description: t.description, category: t.category, stepCount: t.definition.steps.length, definition: t.definition })) };
}
