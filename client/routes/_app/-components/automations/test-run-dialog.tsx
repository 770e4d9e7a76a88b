import { FlaskConicalIcon } from 'lucide-react';
import { useState } from 'react';
import type { z } from 'zod';
import { FormAlert } from '../../../../components/form';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import type { ZTestRunResult } from '../../../../lib/automations-schema';
import { errorMessageOf } from '../../../../lib/errors';
import { formatDateTime } from '../../../../lib/format';
import { trpc } from '../../../../lib/trpc';
import type { ComboOption } from '../crm/combobox';
import { ContactPicker } from '../crm/pickers';
import type { StepOutcome } from './flow';
import { START, stepTitle } from './graph';

export type TestRunResult = z.infer<typeof ZTestRunResult>;

export const OUTCOME_TONES: Record<StepOutcome, BadgeTone> = { done: 'green', skipped: 'gray', waiting: 'amber', failed: 'red' };
const ENDED_BY: Record<TestRunResult['endedBy'], string> = {
  end: 'The run reached an End step.',
  no_next_step: 'The run ended after the last step on its path.',
  goal: 'The contact reached a goal.',
  step_limit: 'The run stopped at the step limit.',
};

/**
 * Test Workflow: runs a chosen contact through the saved draft with simulated time. Nothing is sent
 * or changed; the path and each step's outcome come back, and the canvas marks them.
 */
export function TestRunDialog({
  workflowId,
  open,
  onOpenChange,
  beforeRun,
  onResult,
}: {
  workflowId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  beforeRun: () => Promise<boolean>;
  onResult: (result: TestRunResult) => void;
}) {
  const [contact, setContact] = useState<ComboOption | null>(null);
  const [result, setResult] = useState<TestRunResult | null>(null);
  const testRun = trpc.automations.testRun.useMutation({
    onSuccess: (answer) => {
      setResult(answer);
      onResult(answer);
    },
  });
  async function run() {
    if (!contact) return;
    if (!(await beforeRun())) return;
    testRun.mutate({ id: workflowId, contactId: contact.id, source: 'draft' });
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Test Workflow</DialogTitle>
          <DialogDescription>Runs one contact through this draft with simulated time. Nothing is sent and nothing changes.</DialogDescription>
        </DialogHeader>
        <ContactPicker value={contact} onChange={setContact} />
        <FormAlert message={testRun.error ? errorMessageOf(testRun.error, 'Could not test the workflow') : null} />
        {result ? (
          <section aria-label="Test result" className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold">Path taken</h3>
            {result.path.length === 0 ? <p className="text-sm text-gray-600 dark:text-gray-400">No step ran.</p> : null}
            <ol className="flex flex-col gap-1.5">
              {result.path.map((step, index) => (
                <li key={`${step.stepId}-${index}`} className="flex flex-wrap items-baseline gap-2 text-sm">
                  <Badge tone={OUTCOME_TONES[step.outcome]}>{step.outcome}</Badge>
                  <span className="font-medium">{step.stepId === START ? 'Workflow Start' : stepTitle(step.stepId)}</span>
                  {step.branch ? <span className="text-gray-600 dark:text-gray-400">→ {step.branch}</span> : null}
                  <span className="text-gray-600 dark:text-gray-400">{step.detail}</span>
                  <time className="ml-auto text-xs text-gray-500" dateTime={step.at}>
                    {formatDateTime(step.at)}
                  </time>
                </li>
              ))}
            </ol>
            <p className="text-sm">{ENDED_BY[result.endedBy]}</p>
            {result.notes.length ? (
              <ul className="list-disc pl-5 text-sm text-gray-700 dark:text-gray-300">
                {result.notes.map((note, i) => (
                  <li key={i}>{note}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ) : null}
        <DialogFooter>
          <Button onClick={() => void run()} disabled={!contact || testRun.isPending}>
            <FlaskConicalIcon className="size-4" aria-hidden />
            {testRun.isPending ? 'Testing…' : 'Run test'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
