import type { z } from 'zod';
import { createAppointment } from '../appointments/service';
import { ZCreateWorkflowInput } from '../automations/schema';
import { templateByKey } from '../automations/templates';
import { createWorkflow } from '../automations/workflows';
import { ZCreateAppointmentInput } from '../appointments/schema';
import { createContact, getContact, updateContact } from '../contacts/service';
import { ZCreateContactInput, ZUpdateContactInput } from '../contacts/schema';
import { primaryCurrency } from '../deals/repo';
import { ZCreateDealInput, ZMoveDealInput } from '../deals/schema';
import { createDeal, moveDeal } from '../deals/service';
import { fieldError, parseInput } from '../errors';
import { assertPermission } from '../kernel/access';
import type { OrgContext } from '../kernel/context';
import type { Permission } from '../kernel/permissions';
import { ZSendSmsInput } from '../sms/schema';
import { sendSms } from '../sms/service';
import { ZCreateTaskInput } from '../tasks/schema';
import { completeTask, createTask } from '../tasks/service';
import { zonedParts } from '../time/zoned';
import { recordCommand, type Outcome } from './history';
import { HOT_LEAD_TAG, type TCommandRecord, type ZRunCommandInput } from './schema';

type RunInput = z.output<typeof ZRunCommandInput>;

/** What each action needs beyond using commands: the same permission as the screen that does it. */
const NEEDS: Record<RunInput['action'], Permission | null> = {
  open: null,
  tag_contact: 'contacts:write',
  schedule: 'appointments:write',
  create_task: 'tasks:write',
  create_contact: 'contacts:write',
  create_deal: 'deals:write',
  send_sms: 'sms:send',
  complete_task: 'tasks:write',
  move_deal: 'deals:write',
  create_workflow: 'automations:write',
};

/**
 * Runs a confirmed command through the services the screens use (their checks, events and
 * timelines), then keeps it in the caller's history and, when it changed data, in the audit log.
 * The domain inputs are parsed with their own schemas, so a command breaks no rule a form keeps
 * (a broken one answers VALIDATION naming the field).
 */
export async function runCommand(ctx: OrgContext, input: RunInput): Promise<TCommandRecord> {
  const needed = NEEDS[input.action];
  if (needed) assertPermission(ctx.auth, needed);
  const outcome = await carryOut(ctx, input);
  return recordCommand(ctx, input, outcome);
}

async function carryOut(ctx: OrgContext, input: RunInput): Promise<Outcome> {
  switch (input.action) {
    case 'open':
      return { summary: input.summary, link: input.link, changed: null };
    case 'tag_contact': {
      const contact = await getContact(ctx, { id: input.contactId });
      const link = `/contacts/${contact.id}`;
      if (contact.tags.includes(HOT_LEAD_TAG)) return { summary: `${contact.name} was already tagged ${HOT_LEAD_TAG}`, link, changed: null };
      await updateContact(ctx, parseInput(ZUpdateContactInput, { id: contact.id, tags: [...contact.tags, HOT_LEAD_TAG] }));
      return { summary: `Tagged ${contact.name} ${HOT_LEAD_TAG}`, link, changed: { type: 'contact', id: contact.id } };
    }
    case 'schedule': {
      const endsAt = new Date(new Date(input.startsAt).getTime() + input.minutes * 60_000).toISOString();
      const appointment = await createAppointment(ctx, parseInput(ZCreateAppointmentInput, { title: input.title, startsAt: input.startsAt, endsAt, contactId: input.contactId }));
      const day = zonedParts(appointment.startsAt, appointment.timeZone).date;
      return {
        summary: `Scheduled "${appointment.title}" on ${day} at ${zonedParts(appointment.startsAt, appointment.timeZone).time} (${appointment.timeZone})`,
        link: `/appointments?view=day&date=${day}`,
        changed: { type: 'appointment', id: appointment.id },
      };
    }
    case 'create_task': {
      const task = await createTask(ctx, parseInput(ZCreateTaskInput, { title: input.title, dueAt: input.dueAt }));
      return { summary: `Created the task "${task.title}"`, link: `/tasks?view=all&q=${encodeURIComponent(task.title)}`, changed: { type: 'task', id: task.id } };
    }
    case 'create_contact': {
      const contact = await createContact(
        ctx,
        parseInput(ZCreateContactInput, { firstName: input.firstName || undefined, lastName: input.lastName || undefined, email: input.email ?? undefined, phone: input.phone ?? undefined }),
      );
      return { summary: `Created the contact ${contact.name}`, link: `/contacts/${contact.id}`, changed: { type: 'contact', id: contact.id } };
    }
    case 'create_deal': {
      const value = input.valueMinor === null ? undefined : { valueMinor: input.valueMinor, currency: await primaryCurrency(ctx.db, ctx.organizationId) };
      const deal = await createDeal(ctx, parseInput(ZCreateDealInput, { title: input.title, value }));
      return { summary: `Created the deal "${deal.title}" in ${deal.stage.name}`, link: `/pipeline/deals/${deal.id}`, changed: { type: 'deal', id: deal.id } };
    }
    case 'send_sms': {
      const contact = await getContact(ctx, { id: input.contactId });
      if (!contact.phone) throw fieldError('contactId', `must be a contact with a phone number (${contact.name} has none)`);
      // Keyed by the confirmed plan: confirming it twice (a double click, a repeated "yes") texts once.
      const sent = await sendSms(ctx, parseInput(ZSendSmsInput, { to: contact.phone, message: input.message, contactId: contact.id, idempotencyKey: `command:${input.requestId}` }));
      // Accepted and queued: an invalid number or an opt-out has thrown already (server/sms).
      return { summary: `Texted ${contact.name}: "${input.message}"`, link: `/contacts/${contact.id}`, changed: { type: 'sms_message', id: sent.messageId } };
    }
    case 'complete_task': {
      const task = await completeTask(ctx, { id: input.taskId });
      return { summary: `Marked "${task.title}" done`, link: `/tasks?view=all&status=done&q=${encodeURIComponent(task.title)}`, changed: { type: 'task', id: task.id } };
    }
    case 'move_deal': {
      const deal = await moveDeal(ctx, parseInput(ZMoveDealInput, { dealId: input.dealId, stageId: input.stageId }));
      return { summary: `Moved "${deal.title}" to ${deal.stage.name}`, link: `/pipeline/deals/${deal.id}`, changed: { type: 'deal', id: deal.id } };
    }
    case 'create_workflow': {
      const template = templateByKey(input.templateKey);
      if (!template) throw fieldError('templateKey', 'is not a known template');
      const workflow = await createWorkflow(ctx, parseInput(ZCreateWorkflowInput, { name: template.name, templateKey: template.key }));
      return { summary: `Created the draft workflow "${workflow.name}" from its template`, link: `/automation?id=${workflow.id}`, changed: { type: 'workflow', id: workflow.id } };
    }
  }
}
