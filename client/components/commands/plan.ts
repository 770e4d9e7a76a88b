import { getDefaultStore } from 'jotai';
import type { TCommandRecord, TRunCommandInput, TSearchHit } from '../../../server/commands/schema';
import { rememberThemeChoice, signOut } from '../../lib/auth';
import { addDays, todayIn } from '../../lib/calendar';
import { screenOf, type Command, type Parsed } from '../../lib/commands/grammar';
import { normalize } from '../../lib/commands/lexicon';
import { templateNamed } from '../../lib/commands/templates';
import { formatDateTime } from '../../lib/format';
import { trpcClient, trpcUtils } from '../../lib/trpc';
import { themeAtom } from '../../state/ui';
import type { ComposeRecipient } from '../email/compose';

/**
 * A parsed command made concrete before it is shown: the records it names found through the global
 * search, a sentence saying what will happen, and how to carry it out. Shared by the palette and the
 * Voice Command Center; nothing here runs until `carryOut` is called (after the confirmation when
 * `needsConfirmation`).
 */
export type CommandSource = TRunCommandInput['source'];

export type Plan = {
  parsed: Parsed;
  /** What will happen, in a sentence ("Tag Julian Hughes hot-lead"). */
  title: string;
  needsConfirmation: boolean;
  /** Why it cannot run (no such contact, no time said, unsure match); null when it can. */
  blocked: string | null;
  /** A text message the user still has to write (a "text …" without "saying …"). */
  needsMessage: boolean;
  /** Carries the command out; `message` fills a missing text. Answers the history entry (null: nothing was done, or the session ended). */
  carryOut: (effects: PlanEffects, message?: string) => Promise<TCommandRecord | null>;
};

/** What a plan may ask of the screen it runs on. */
export type PlanEffects = { navigate: (to: string) => void; compose: (recipient: ComposeRecipient) => void };

export type PlanContext = { utterance: string; source: CommandSource; timeZone: string; /** The contact whose page is open: "add to hot leads" means them. */ contactOnScreen: string | null };

const run = (input: TRunCommandInput) => trpcClient.commands.run.mutate(input);

async function findOne(kind: TSearchHit['kind'], q: string): Promise<TSearchHit | null> {
  const { hits } = await trpcUtils.search.global.fetch({ q, kinds: [kind] });
  return hits[0] ?? null;
}

async function contactFor(name: string | null, onScreen: string | null): Promise<{ hit: TSearchHit | null; missing: string | null }> {
  if (name) {
    const hit = await findOne('contact', name);
    return { hit, missing: hit ? null : `No contact named "${name}" was found` };
  }
  if (onScreen) {
    const contact = await trpcUtils.contacts.get.fetch({ id: onScreen });
    return { hit: { kind: 'contact', id: contact.id, title: contact.name, detail: contact.email, link: `/contacts/${contact.id}` }, missing: null };
  }
  return { hit: null, missing: 'Say which contact, e.g. "add Ana Lopez to hot leads", or open the contact first' };
}

const PERIOD_LABEL = { today: 'today', yesterday: 'yesterday', week: 'in the last 7 days', month: 'in the last 30 days' } as const;
const PERIOD_START = { today: 0, yesterday: -1, week: -6, month: -29 } as const;

/** Turns a parsed command into a plan, asking the server for the records it names. */
export async function planCommand(parsed: Parsed, context: PlanContext): Promise<Plan> {
  const said = { utterance: context.utterance, source: context.source, intent: parsed.command.intent };
  const base = { parsed, needsConfirmation: parsed.needsConfirmation, needsMessage: false, blocked: parsed.runnable ? null : 'Not sure enough of what was said: say it again, or pick the command' };
  const open = (title: string, link: string): Plan => ({
    ...base,
    title,
    carryOut: async (effects) => {
      effects.navigate(link);
      return run({ action: 'open', ...said, summary: title, link });
    },
  });
  const command: Command = parsed.command;
  switch (command.intent) {
    case 'navigate': {
      const screen = screenOf(command.screen)!;
      return open(`Open ${screen.label}`, screen.path);
    }
    case 'display_leads': {
      const today = todayIn(context.timeZone);
      const from = addDays(today, PERIOD_START[command.period]);
      const to = command.period === 'yesterday' ? from : today;
      return open(`Show the leads created ${PERIOD_LABEL[command.period]}`, `/contacts?createdFrom=${from}&createdTo=${to}`);
    }
    case 'show_pipeline': {
      const board = await trpcUtils.deals.board.fetch({});
      const stages = board.stages.map((stage) => `${stage.name} ${stage.count}`).join(', ');
      const value = new Intl.NumberFormat(undefined, { style: 'currency', currency: board.summary.value.currency }).format(board.summary.value.valueMinor / 100);
      return open(`Pipeline ${board.pipeline.name}: ${board.summary.count} deals worth ${value} (${stages})`, '/pipeline');
    }
    case 'create_automation': {
      if (!command.template) return open('Open the workflow builder', '/automation');
      const { items } = await trpcUtils.automations.templates.fetch();
      const template = templateNamed(command.template, items);
      if (!template) return { ...open('Open the workflow builder', '/automation'), blocked: `No template is named "${command.template}" (${items.map((t) => t.name).join(', ')})` };
      return {
        ...base,
        title: `Create a draft workflow from the ${template.name} template (${template.stepCount} steps) and open it`,
        carryOut: async (effects) => {
          const record = await run({ action: 'create_workflow', ...said, templateKey: template.key });
          if (record.link) effects.navigate(record.link);
          return record;
        },
      };
    }
    case 'find': {
      const { hits } = await trpcUtils.search.global.fetch({ q: command.query, ...(command.kind === 'any' ? {} : { kinds: [command.kind] }) });
      const top = hits[0];
      if (!top) return { ...open(`Find "${command.query}"`, '/contacts'), blocked: `Nothing matches "${command.query}"` };
      return open(`Open ${top.title}${top.detail ? ` (${top.detail})` : ''}`, top.link);
    }
    case 'send_email': {
      const { hit, missing } = await contactFor(command.contact, context.contactOnScreen);
      return {
        ...base,
        blocked: base.blocked ?? missing,
        title: hit ? `Write a follow-up e-mail to ${hit.title}` : 'Write a follow-up e-mail',
        carryOut: async (effects) => {
          if (!hit) return null;
          const contact = await trpcUtils.contacts.get.fetch({ id: hit.id });
          effects.compose({ contactId: contact.id, name: contact.name, email: contact.email });
          return run({ action: 'open', ...said, summary: `Opened an e-mail to ${contact.name}`, link: hit.link });
        },
      };
    }
    case 'tag_hot_lead': {
      const { hit, missing } = await contactFor(command.contact, context.contactOnScreen);
      return {
        ...base,
        blocked: base.blocked ?? missing,
        title: `Tag ${hit?.title ?? 'the contact'} hot-lead`,
        carryOut: async () => (hit ? run({ action: 'tag_contact', ...said, contactId: hit.id }) : null),
      };
    }
    case 'schedule_call': {
      const { hit } = command.contact ? await contactFor(command.contact, null) : await contactFor(null, context.contactOnScreen);
      const missing = command.contact && !hit ? `No contact named "${command.contact}" was found` : !command.startsAt ? 'Say when, e.g. "tomorrow at 3 pm"' : null;
      const what = command.kind === 'call' ? 'call' : 'meeting';
      const title = `${what === 'call' ? 'Call' : 'Meeting'}${hit ? ` with ${hit.title}` : ''}`;
      const when = command.startsAt ? ` on ${formatDateTime(command.startsAt, context.timeZone)} (${context.timeZone})` : '';
      return {
        ...base,
        blocked: base.blocked ?? missing,
        title: `Schedule a ${what}${hit ? ` with ${hit.title}` : ''}${when}, 30 minutes`,
        carryOut: async () => (command.startsAt ? run({ action: 'schedule', ...said, contactId: hit?.id ?? null, title, startsAt: command.startsAt, minutes: 30 }) : null),
      };
    }
    case 'send_sms': {
      const { hit, missing } = await contactFor(command.contact, null);
      // The plan's own: confirming it twice texts once (server/commands/run.ts).
      const requestId = crypto.randomUUID();
      return {
        ...base,
        blocked: base.blocked ?? missing,
        needsMessage: command.message === null,
        title: `Text ${hit ? `${hit.title}${hit.detail ? ` (${hit.detail})` : ''}` : command.contact}${command.message ? `: "${command.message}"` : ''}`,
        carryOut: async (_effects, message) => {
          const text = command.message ?? message?.trim();
          return hit && text ? run({ action: 'send_sms', ...said, contactId: hit.id, message: text, requestId }) : null;
        },
      };
    }
    case 'create_contact': {
      const [firstName = '', ...rest] = command.name.split(' ');
      const who = [command.name, command.email, command.phone].filter(Boolean).join(', ');
      return {
        ...base,
        title: `Create the contact ${who}`,
        carryOut: () => run({ action: 'create_contact', ...said, firstName, lastName: rest.join(' '), email: command.email, phone: command.phone }),
      };
    }
    case 'create_task':
      return {
        ...base,
        title: `Create the task "${command.title}"${command.dueAt ? `, due ${formatDateTime(command.dueAt, context.timeZone)}` : ''}`,
        carryOut: () => run({ action: 'create_task', ...said, title: command.title, dueAt: command.dueAt }),
      };
    case 'create_deal':
      return {
        ...base,
        title: `Create the deal "${command.title}"${command.value !== null ? ` worth ${command.value}` : ''}`,
        carryOut: () => run({ action: 'create_deal', ...said, title: command.title, valueMinor: command.value === null ? null : Math.round(command.value * 100) }),
      };
    case 'complete_task': {
      const hit = await findOne('task', command.task);
      return {
        ...base,
        blocked: base.blocked ?? (hit ? null : `No open task matches "${command.task}"`),
        title: `Mark the task "${hit?.title ?? command.task}" done`,
        carryOut: async () => (hit ? run({ action: 'complete_task', ...said, taskId: hit.id }) : null),
      };
    }
    case 'move_deal': {
      const hit = await findOne('deal', command.deal);
      const deal = hit ? await trpcUtils.deals.get.fetch({ id: hit.id }) : null;
      const stages = deal ? (await trpcUtils.deals.board.fetch({ pipelineId: deal.pipelineId })).stages : [];
      const wanted = normalize(command.stage);
      const stage = stages.find((s) => normalize(s.name) === wanted) ?? stages.find((s) => normalize(s.name).includes(wanted) || wanted.includes(normalize(s.name)));
      const blocked = !deal ? `No deal matches "${command.deal}"` : !stage ? `The pipeline has no stage "${command.stage}" (${stages.map((s) => s.name).join(', ')})` : null;
      return {
        ...base,
        blocked: base.blocked ?? blocked,
        title: `Move "${deal?.title ?? command.deal}" to ${stage?.name ?? command.stage}`,
        carryOut: async () => (deal && stage ? run({ action: 'move_deal', ...said, dealId: deal.id, stageId: stage.id }) : null),
      };
    }
    case 'change_theme': {
      const store = getDefaultStore();
      const next = command.theme === 'toggle' ? (store.get(themeAtom) === 'dark' ? 'light' : 'dark') : command.theme;
      return {
        ...base,
        title: `Switch to the ${next} theme`,
        carryOut: async () => {
          store.set(themeAtom, next);
          rememberThemeChoice(next);
          return run({ action: 'open', ...said, summary: `Switched to the ${next} theme`, link: window.location.pathname });
        },
      };
    }
    case 'sign_out':
      return {
        ...base,
        title: 'Sign out',
        carryOut: async () => {
          // Kept before the session ends: afterwards there is no one to keep it for.
          await run({ action: 'open', ...said, summary: 'Signed out', link: '/login' });
          await signOut();
          return null;
        },
      };
  }
}
