import { describe, expect, it } from 'vitest';
import { INTENT_EFFECTS, MIN_CONFIDENCE_TO_RUN, parseCommand, type Intent } from '../../client/lib/commands/grammar';
import { UTTERANCES } from './fixtures/command-utterances';

const context = { now: new Date('2026-11-28T10:00:00Z'), timeZone: 'America/New_York' };

describe('command grammar', () => {
  it('names the right intent and slots for at least 95 % of the fixture', () => {
    expect(UTTERANCES.length).toBeGreaterThanOrEqual(300);
    const misses = UTTERANCES.filter((expected) => {
      const parsed = parseCommand(expected.text, context);
      if ((parsed?.command.intent ?? null) !== expected.intent) return true;
      return Object.entries(expected.slots ?? {}).some(([slot, value]) => JSON.stringify((parsed!.command as Record<string, unknown>)[slot]) !== JSON.stringify(value));
    });
    const accuracy = 1 - misses.length / UTTERANCES.length;
    console.info(`command grammar: ${(accuracy * 100).toFixed(1)} % of ${UTTERANCES.length} utterances (misses: ${misses.map((m) => m.text).join(' | ') || 'none'})`);
    expect(accuracy).toBeGreaterThanOrEqual(0.95);
  });

  it('covers every intent in the fixture', () => {
    const seen = new Set(UTTERANCES.map((u) => u.intent));
    for (const intent of Object.keys(INTENT_EFFECTS) as Intent[]) expect(seen, intent).toContain(intent);
  });

  it('never lets an intent that stores, sends or signs out run without confirmation', () => {
    for (const { text } of UTTERANCES) {
      for (const speechConfidence of [undefined, 0.9, 0.3]) {
        const parsed = parseCommand(text, { ...context, speechConfidence });
        if (!parsed || parsed.effect === 'none') continue;
        expect(parsed.needsConfirmation, text).toBe(true);
        if (parsed.confidence < MIN_CONFIDENCE_TO_RUN) expect(parsed.runnable, text).toBe(false);
      }
    }
  });

  it('shows a loose match but does not run it, and a mumbled phrase does not run either', () => {
    const loose = parseCommand('something about hot leads maybe', context);
    expect(loose?.command).toEqual({ intent: 'tag_hot_lead', contact: null });
    expect(loose?.runnable).toBe(false);
    const mumbled = parseCommand('text Julian Hughes', { ...context, speechConfidence: 0.4 });
    expect(mumbled?.command.intent).toBe('send_sms');
    expect(mumbled?.runnable).toBe(false);
    expect(parseCommand('text Julian Hughes', { ...context, speechConfidence: 0.92 })?.runnable).toBe(true);
  });

  it('reads times in the user zone, across a daylight saving change', () => {
    // 2026-03-08 is the US spring-forward day; "tomorrow at 3 pm" from the 7th is 15:00 EDT (UTC-4).
    const parsed = parseCommand('schedule a call with Ana tomorrow at 3 pm', { now: new Date('2026-03-07T15:00:00Z'), timeZone: 'America/New_York' });
    expect(parsed?.command).toMatchObject({ intent: 'schedule_call', contact: 'Ana', startsAt: '2026-03-08T19:00:00.000Z' });
    const paris = parseCommand('schedule a call with Ana demain à 15h', { now: new Date('2026-11-28T10:00:00Z'), timeZone: 'Europe/Paris' });
    expect(paris?.command).toMatchObject({ startsAt: '2026-11-29T14:00:00.000Z' });
  });

  it('finds Zoë when Zoe is said: names come back accent-folded for the accent-blind search', () => {
    expect(parseCommand('add Zoë Martin to hot leads', context)?.command).toEqual({ intent: 'tag_hot_lead', contact: 'Zoe Martin' });
  });
});
