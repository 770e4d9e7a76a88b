import { LayoutGridIcon, PlayIcon, Redo2Icon, RocketIcon, RotateCcwIcon, SaveIcon, Undo2Icon, WandSparklesIcon } from 'lucide-react';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { FormAlert } from '../../../../components/form';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { errorMessageOf, issuesOf } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';
import { toast } from '../../../../state/toast';
import type { RouterOutputs } from '../crm/types';
import { Canvas } from './canvas';
import { ConfigPanel } from './config-panel';
import { type Catalog, type CatalogEntry, entryOf, type Overlay, type StepCount, type StepOutcome } from './flow';
import { addStep, adoptSecrets, connect, type Draft, draftOf, freeHandle, moveSteps, removeEdges, removeSteps, START } from './graph';
import { commit, historyOf, redo, undo } from './history';
import { autoLayout, withPositions } from './layout';
import { Palette } from './palette';
import { TestRunDialog, type TestRunResult } from './test-run-dialog';
import { definitionOf, draftProblems, settingsErrors } from './validation';

export type WorkflowDetail = RouterOutputs['automations']['get'];

const isTyping = (target: EventTarget) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The visual builder of one workflow (spec app-core §2.6): palette, canvas, settings, and the header's actions. */
export function WorkflowBuilder({ workflow, catalog, canWrite }: { workflow: WorkflowDetail; catalog: Catalog; canWrite: boolean }) {
  const utils = trpc.useUtils();
  const [history, setHistory] = useState(() => historyOf(withPositions(draftOf(workflow.definition))));
  const draft = history.present;
  const [saved, setSaved] = useState<Draft>(history.present);
  // The workflow's settings are saved with the draft but kept beside it: undo/redo steps through the graph only.
  const [settings, setSettings] = useState(workflow.settings);
  const [savedSettings, setSavedSettings] = useState(workflow.settings);
  const [selected, setSelected] = useState<string | null>(null);
  const [fitKey, setFitKey] = useState(0);
  const [testOpen, setTestOpen] = useState(false);
  const [tested, setTested] = useState<ReadonlyMap<string, StepOutcome>>(new Map());
  const [problem, setProblem] = useState<string | null>(null);
  const stepCounts = trpc.automations.stepCounts.useQuery({ id: workflow.id });
  const saveDraft = trpc.automations.saveDraft.useMutation();
  const publish = trpc.automations.publish.useMutation();
  const revertDraft = trpc.automations.revertDraft.useMutation();

  const problems = useMemo(() => draftProblems(draft), [draft]);
  const overlay = useMemo<Overlay>(
    () => ({ invalid: problems.invalidSteps, counts: new Map<string, StepCount>((stepCounts.data?.steps ?? []).map((s) => [s.stepId, s])), tested }),
    [problems, stepCounts.data, tested],
  );
  const dirty = draft !== saved || settings !== savedSettings;

  const change = (next: Draft) => {
    setProblem(null);
    setHistory((h) => commit(h, next));
  };

  function add(entry: CatalogEntry, name = entry.label) {
    if (entry.kind === 'trigger') {
      change({ ...draft, triggers: [...draft.triggers, { type: entry.key, config: structuredClone(entry.defaultConfig) }] });
      setSelected(START);
      return;
    }
    const anchor = selected ? freeHandle(draft, selected) : null;
    const { draft: next, id } = addStep(draft, { type: entry.key, name, config: entry.defaultConfig }, anchor);
    change(next);
    setSelected(id);
  }

  /** Saves the draft when it changed; false (with the problems shown) when it cannot be saved. */
  async function save(): Promise<boolean> {
    const settingsProblems = Object.entries(settingsErrors(settings)).map(([path, message]) => `settings.${path}: ${message}`);
    if (problems.messages.length || settingsProblems.length) {
      setProblem(`Fix these before saving: ${[...problems.messages, ...settingsProblems].join('; ')}`);
      setSelected([...problems.invalidSteps][0] ?? (problems.invalidTriggers.size || settingsProblems.length ? START : selected));
      return false;
    }
    if (!dirty) return true;
    const sending = { draft, settings };
    try {
      const answer = await saveDraft.mutateAsync({ id: workflow.id, definition: definitionOf(sending.draft), settings: sending.settings });
      // A webhook step's signing secret is made by the save: the draft takes it (not an undo step).
      const adopted = adoptSecrets(sending.draft, answer.definition);
      if (adopted !== sending.draft) setHistory((h) => (h.present === sending.draft ? { ...h, present: adopted } : h));
      setSaved(adopted);
      setSavedSettings(sending.settings);
      await Promise.all([utils.automations.get.invalidate({ id: workflow.id }), utils.automations.list.invalidate()]);
      return true;
    } catch (error) {
      const issues = issuesOf(error);
      setProblem(issues.length ? issues.map((i) => `${i.path}: ${i.message}`).join('; ') : errorMessageOf(error, 'Could not save the workflow'));
      return false;
    }
  }

  async function onPublish() {
    if (!(await save())) return;
    try {
      await publish.mutateAsync({ id: workflow.id });
      await Promise.all([utils.automations.get.invalidate({ id: workflow.id }), utils.automations.list.invalidate(), utils.automations.stepCounts.invalidate({ id: workflow.id })]);
      toast({ title: 'Workflow published', description: 'New enrolments run this version.' });
    } catch (error) {
      const issues = issuesOf(error);
      setProblem(issues.length ? issues.map((i) => `${i.path}: ${i.message}`).join('; ') : errorMessageOf(error, 'Could not publish the workflow'));
    }
  }

  /** Discards the saved draft (and any unsaved change) for the published version, which the canvas then shows. */
  async function onRevert() {
    try {
      const reverted = await revertDraft.mutateAsync({ id: workflow.id });
      const published = withPositions(draftOf(reverted.definition));
      setHistory(historyOf(published));
      setSaved(published);
      setSettings(reverted.settings);
      setSavedSettings(reverted.settings);
      setSelected(null);
      setTested(new Map());
      setProblem(null);
      setFitKey((k) => k + 1);
      utils.automations.get.setData({ id: workflow.id }, reverted);
      await utils.automations.list.invalidate();
      toast({ title: 'Draft reverted', description: `The canvas shows published version ${reverted.publishedVersion}.` });
    } catch (error) {
      setProblem(errorMessageOf(error, 'Could not revert to the published version'));
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (isTyping(event.target) || !(event.ctrlKey || event.metaKey)) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) setHistory(undo);
    else if ((key === 'z' && event.shiftKey) || key === 'y') setHistory(redo);
    else if (key === 's') void save();
    else return;
    event.preventDefault();
  }

  const onResult = (result: TestRunResult) => setTested(new Map(result.path.map((p) => [p.stepId, p.outcome])));
  const readOnly = !canWrite;

  return (
    <div className="flex flex-col lg:h-screen-below-header lg:min-h-[36rem] gap-3 px-4 py-4 sm:px-6" onKeyDown={onKeyDown}>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="truncate text-xl font-semibold text-gray-900 dark:text-white">{workflow.name}</h1>
          <p className="flex flex-wrap items-center gap-2 text-sm text-gray-600 dark:text-gray-400">
            <Badge tone={workflow.status === 'active' ? 'green' : workflow.status === 'paused' ? 'amber' : 'gray'}>{workflow.status}</Badge>
            {workflow.publishedVersion ? `Published version ${workflow.publishedVersion}` : 'Never published'}
            {dirty ? ' · unsaved changes' : workflow.hasUnpublishedChanges ? ' · saved draft not yet published' : ''}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="ghost" size="icon" aria-label="Undo (Ctrl+Z)" disabled={history.past.length === 0} onClick={() => setHistory(undo)}>
            <Undo2Icon className="size-4" aria-hidden />
          </Button>
          <Button variant="ghost" size="icon" aria-label="Redo (Ctrl+Shift+Z)" disabled={history.future.length === 0} onClick={() => setHistory(redo)}>
            <Redo2Icon className="size-4" aria-hidden />
          </Button>
          <Button
            variant="outline"
            disabled={readOnly || draft.steps.length === 0}
            onClick={() => {
              change(moveSteps(draft, autoLayout(draft)));
              setFitKey((k) => k + 1);
            }}
          >
            <LayoutGridIcon className="size-4" aria-hidden />
            Arrange
          </Button>
          {workflow.publishedVersion && (workflow.hasUnpublishedChanges || dirty) ? (
            <ConfirmDialog
              trigger={
                <Button variant="outline" disabled={readOnly}>
                  <RotateCcwIcon className="size-4" aria-hidden />
                  Revert to published
                </Button>
              }
              title="Revert to the published version?"
              description={`The draft’s steps, triggers and settings are replaced by published version ${workflow.publishedVersion}; unsaved changes are lost too. Runs are not affected.`}
              confirmLabel="Discard draft"
              pendingLabel="Reverting…"
              onConfirm={onRevert}
            />
          ) : null}
          <Button variant="outline" disabled={readOnly || saveDraft.isPending} onClick={() => void save()}>
            <SaveIcon className="size-4" aria-hidden />
            {saveDraft.isPending ? 'Saving…' : 'Save Workflow'}
          </Button>
          <Button variant="outline" disabled={readOnly || draft.steps.length === 0} onClick={() => setTestOpen(true)}>
            <PlayIcon className="size-4" aria-hidden />
            Test Workflow
          </Button>
          <Button disabled={readOnly || publish.isPending || draft.steps.length === 0} onClick={() => void onPublish()}>
            <RocketIcon className="size-4" aria-hidden />
            {publish.isPending ? 'Publishing…' : 'Publish'}
          </Button>
        </div>
      </header>
      <FormAlert message={problem} />
      <div className="grid min-h-0 flex-1 grid-cols-1 gap-3 lg:grid-cols-[20rem_1fr_20rem]">
        <aside aria-label="Components" className="flex min-h-0 flex-col rounded-lg border border-gray-200 bg-white p-2 dark:border-gray-800 dark:bg-gray-950">
          <Palette catalog={catalog} onAdd={(entry) => add(entry)} disabled={readOnly} />
        </aside>
        <div className="relative h-[28rem] overflow-hidden rounded-lg lg:h-auto border border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-900">
          <Canvas
            draft={draft}
            catalog={catalog}
            overlay={overlay}
            selected={selected}
            onSelect={setSelected}
            onMove={(positions) => change(moveSteps(draft, positions))}
            onConnect={(from, branch, to) => {
              const result = connect(draft, from, branch, to);
              if ('error' in result) setProblem(result.error);
              else change(result.draft);
            }}
            onDelete={(steps, edges) => {
              // Steps first: a step removed from a line joins its neighbours before its own edges go.
              change(removeEdges(removeSteps(draft, steps), edges));
              setSelected(null);
            }}
            fitKey={fitKey}
          />
          {draft.steps.length === 0 ? <FirstAction catalog={catalog} disabled={readOnly} onAdd={(entry) => add(entry, 'Welcome Email')} /> : null}
        </div>
        <aside aria-label="Settings" className="min-h-0 overflow-y-auto rounded-lg border border-gray-200 bg-white p-3 dark:border-gray-800 dark:bg-gray-950">
          <ConfigPanel
            workflowId={workflow.id}
            draft={draft}
            catalog={catalog}
            selected={selected}
            settings={settings}
            onChange={change}
            onSettingsChange={(next) => {
              setProblem(null);
              setSettings(next);
            }}
            onSelect={setSelected}
            onError={setProblem}
          />
        </aside>
      </div>
      <TestRunDialog workflowId={workflow.id} open={testOpen} onOpenChange={setTestOpen} beforeRun={save} onResult={onResult} />
    </div>
  );
}

/** The empty canvas's 'Add Your First Action': a 'Welcome Email' step after Workflow Start. */
function FirstAction({ catalog, disabled, onAdd }: { catalog: Catalog; disabled: boolean; onAdd: (entry: CatalogEntry) => void }) {
  const email = entryOf(catalog, 'step', 'send_email');
  if (!email) return null;
  return (
    <div className="pointer-events-none absolute inset-x-0 bottom-8 flex justify-center">
      <Button className="pointer-events-auto" disabled={disabled} onClick={() => onAdd(email)}>
        <WandSparklesIcon className="size-4" aria-hidden />
        Add Your First Action
      </Button>
    </div>
  );
}
