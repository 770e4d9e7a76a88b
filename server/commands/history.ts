import type { z } from 'zod';
import { recordAudit } from '../audit/service';
import { scoped } from '../db/scoped';
import { DomainError } from '../errors';
import { actorOf } from '../kernel/caller';
import type { OrgContext } from '../kernel/context';
import { HISTORY_SIZE, VOICE_EVENT_VALUES, type TCommandRecord, type ZRunCommandInput, type ZVoiceToggleInput } from './schema';

/**
 * Each member's command history and the Voice Command Center's analytics events (spec §7: voice
 * toggle 0, command spoken 100, manual command 50), one `command_events` row each. Commands belong to
 * a person: an API key has no history.
 */
function memberOf(ctx: OrgContext): string {
  const userId = ctx.auth.user?.id;
  if (!userId) throw new DomainError('FORBIDDEN', 'Commands are run by a signed-in member, not an API key');
  return userId;
}

/** What a command did: a sentence, where to see it, and the record it changed (none: nothing stored). */
export type Outcome = { summary: string; link: string | null; changed: { type: string; id: string } | null };

/** Keeps a command that ran, and audits it when it changed data, in one transaction. */
export async function recordCommand(ctx: OrgContext, input: z.output<typeof ZRunCommandInput>, outcome: Outcome): Promise<TCommandRecord> {
  const userId = memberOf(ctx);
  const event = input.source === 'voice' ? 'command_spoken' : 'command_manual';
  const row = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await scoped(trx, ctx.organizationId)
      .insertInto('command_events', {
        user_id: userId,
        event,
        value: VOICE_EVENT_VALUES[event],
        utterance: input.utterance,
        source: input.source,
        intent: input.intent,
        summary: outcome.summary,
        link: outcome.link,
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    if (outcome.changed) {
      await recordAudit(trx, {
        organizationId: ctx.organizationId,
        actor: actorOf(ctx.auth),
        action: `command.${input.action}`,
        target: outcome.changed,
        details: { utterance: input.utterance, source: input.source, intent: input.intent, summary: outcome.summary },
        ...(ctx.meta ? { meta: ctx.meta } : {}),
      });
    }
    return inserted;
  });
  return { id: row.id, utterance: input.utterance, intent: input.intent, source: input.source, summary: outcome.summary, link: outcome.link, createdAt: row.created_at.toISOString() };
}

/** The caller's latest commands, newest first (spec §9: 10). */
export async function commandHistory(ctx: OrgContext): Promise<{ items: TCommandRecord[] }> {
  const userId = memberOf(ctx);
  const rows = await scoped(ctx.db, ctx.organizationId)
    .selectFrom('command_events')
    .select(['id', 'utterance', 'intent', 'source', 'summary', 'link', 'created_at'])
    .where('user_id', '=', userId)
    .where('event', '<>', 'voice_toggle')
    .orderBy('created_at', 'desc')
    .orderBy('sequence', 'desc')
    .limit(HISTORY_SIZE)
    .execute();
  return {
    items: rows.map((r) => ({
      id: r.id,
      utterance: r.utterance ?? '',
      intent: r.intent ?? '',
      source: (r.source ?? 'typed') as TCommandRecord['source'],
      summary: r.summary ?? '',
      link: r.link,
      createdAt: r.created_at.toISOString(),
    })),
  };
}

/** Voice listening turned on or off: the spec's "voice toggle" event (value 0). */
export async function recordVoiceToggle(ctx: OrgContext, input: z.output<typeof ZVoiceToggleInput>): Promise<{ ok: true }> {
  const userId = memberOf(ctx);
  await scoped(ctx.db, ctx.organizationId)
    .insertInto('command_events', { user_id: userId, event: 'voice_toggle', value: VOICE_EVENT_VALUES.voice_toggle, summary: input.listening ? 'Listening on' : 'Listening off' })
    .execute();
  return { ok: true };
}
