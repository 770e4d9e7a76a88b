import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import type { TCommandRecord } from '../../../server/commands/schema';
import { showError, useMe } from '../../lib/auth';
import { parseCommand, type Parsed } from '../../lib/commands/grammar';
import { trpc } from '../../lib/trpc';
import { ComposeEmailDialog, type ComposeRecipient } from '../email/compose';
import { planCommand, type CommandSource, type Plan } from './plan';

const CONTACT_PAGE = /^\/contacts\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * One command from words to done, for the palette and the Voice Command Center: parse, plan (find
 * the records it names), wait for the confirmation when it stores, sends or signs out, carry it out.
 */
export function useCommandRunner() {
  const navigate = useNavigate();
  const { data: me } = useMe();
  const utils = trpc.useUtils();
  const contactOnScreen = useRouterState({ select: (state) => CONTACT_PAGE.exec(state.location.pathname)?.[1] ?? null });
  const [plan, setPlan] = useState<Plan | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<TCommandRecord | null>(null);
  const [recipient, setRecipient] = useState<ComposeRecipient>(null);
  const [composing, setComposing] = useState(false);
  const timeZone = me?.user.preferences.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

  const parse = (utterance: string, speechConfidence?: number): Parsed | null => parseCommand(utterance, { now: new Date(), timeZone, ...(speechConfidence ? { speechConfidence } : {}) });

  async function execute(target: Plan, utteranceSource: { message?: string } = {}): Promise<void> {
    setBusy(true);
    try {
      const record = await target.carryOut(
        {
          navigate: (to) => void navigate({ to }),
          compose: (who) => {
            setRecipient(who);
            setComposing(true);
          },
        },
        utteranceSource.message,
      );
      setPlan(null);
      if (record) {
        setDone(record);
        // A command may have changed any list on screen, and it joined the history.
        await utils.invalidate();
      }
    } catch (error) {
      showError(error, 'The command did not run');
    } finally {
      setBusy(false);
    }
  }

  /** Plans what was said; a command with no effect and nothing missing runs at once. */
  async function propose(utterance: string, parsed: Parsed, source: CommandSource): Promise<Plan | null> {
    setBusy(true);
    setDone(null);
    try {
      const next = await planCommand(parsed, { utterance, source, timeZone, contactOnScreen });
      setPlan(next);
      setBusy(false);
      if (!next.needsConfirmation && !next.blocked) await execute(next);
      return next;
    } catch (error) {
      setBusy(false);
      showError(error, 'The command could not be prepared');
      return null;
    }
  }

  const composer = <ComposeEmailDialog open={composing} onOpenChange={setComposing} recipient={recipient} />;
  return { plan, busy, done, parse, propose, confirm: (message?: string) => (plan ? execute(plan, { message }) : Promise.resolve()), cancel: () => setPlan(null), composer, timeZone };
}
