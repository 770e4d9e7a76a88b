import { describe, expect, it } from 'vitest';
import { toFlowEdges, toFlowNodes, type Catalog } from '../../client/routes/_app/-components/automations/flow';
import {
  addStep,
  connect,
  type Draft,
  draftOf,
  edgeKey,
  emptyDraft,
  freeHandle,
  neighbours,
  removeEdges,
  removeSteps,
  renameStep,
  START,
  stepTitle,
  tailOf,
} from '../../client/routes/_app/-components/automations/graph';
import { commit, HISTORY_LIMIT, historyOf, redo, undo } from '../../client/routes/_app/-components/automations/history';
import { autoLayout, withPositions } from '../../client/routes/_app/-components/automations/layout';
import { definitionOf, draftProblems, settingsErrors, stepErrors } from '../../client/routes/_app/-components/automations/validation';
import { ZWorkflowDefinition } from '../../server/automations/schema';

type StepSpec = { type: string; name: string; config: Record<string, unknown> };

const sms: StepSpec = { type: 'send_sms', name: 'Send SMS', config: { body: 'Hi {{first_name}}' } };
const wait: StepSpec = { type: 'wait', name: 'Wait', config: { amount: 1, unit: 'days' } };
const ifElse: StepSpec = { type: 'if_else', name: 'Replied?', config: { match: 'all', conditions: [{ field: 'tag', operator: 'has', value: 'replied' }] } };

function build(...steps: StepSpec[]): Draft {
  return steps.reduce((draft, step) => addStep(draft, step).draft, emptyDraft());
}

describe('graph: building a workflow card by card', () => {
  it('chains cards added without a selection from Workflow Start, each below the last', () => {
    const draft = build(sms, wait, sms);
    expect(draft.steps.map((s) => s.id)).toEqual(['Send-SMS', 'Wait', 'Send-SMS-2']);
    expect(draft.edges).toEqual([
      { from: START, to: 'Send-SMS' },
      { from: 'Send-SMS', to: 'Wait' },
      { from: 'Wait', to: 'Send-SMS-2' },
    ]);
    expect(draft.layout['Wait']!.y).toBeGreaterThan(draft.layout['Send-SMS']!.y);
    expect(stepTitle('Send-SMS-2')).toBe('Send SMS 2');
  });

  it('fills a branching step outcome by outcome, then continues along its first edge', () => {
    let draft = build(ifElse);
    expect(freeHandle(draft, 'Replied')).toEqual({ from: 'Replied', branch: 'yes' });
    draft = addStep(draft, sms, { from: 'Replied', branch: 'yes' }).draft;
    draft = addStep(draft, wait, { from: 'Replied', branch: 'yes' }).draft; // taken: goes to "no"
    expect(draft.edges.filter((e) => e.from === 'Replied')).toEqual([
      { from: 'Replied', to: 'Send-SMS', branch: 'yes' },
      { from: 'Replied', to: 'Wait', branch: 'no' },
    ]);
    expect(tailOf(draft)).toEqual({ from: 'Send-SMS', branch: undefined });
  });

  it('connects an outcome, replacing where it led, and refuses loops, self edges and edges into start', () => {
    let draft = build(sms, wait, sms);
    const replaced = connect(draft, START, undefined, 'Wait');
    expect('draft' in replaced && replaced.draft.edges.filter((e) => e.from === START)).toEqual([{ from: START, to: 'Wait' }]);
    expect(connect(draft, 'Send-SMS-2', undefined, 'Send-SMS')).toEqual({ error: expect.stringContaining('cannot loop') });
    expect(connect(draft, 'Wait', undefined, 'Wait')).toEqual({ error: 'A step cannot lead to itself.' });
    expect(connect(draft, 'Wait', undefined, START)).toEqual({ error: expect.stringContaining('Workflow Start') });
    expect(connect(draft, 'Wait', 'yes', 'Send-SMS-2')).toEqual({ error: expect.stringContaining('no outcome') });
    draft = removeEdges(draft, [edgeKey({ from: 'Wait', to: 'Send-SMS-2' })]);
    expect(draft.edges).toHaveLength(2);
  });

  it('joins the neighbours of a step removed from the middle of a line, and drops its layout', () => {
    const draft = removeSteps(build(sms, wait, sms), ['Wait', START]);
    expect(draft.steps.map((s) => s.id)).toEqual(['Send-SMS', 'Send-SMS-2']);
    expect(draft.edges).toEqual([
      { from: START, to: 'Send-SMS' },
      { from: 'Send-SMS', to: 'Send-SMS-2' },
    ]);
    expect(draft.layout['Wait']).toBeUndefined();
  });

  it('renames a step in its edges and layout, refusing a name in use', () => {
    const draft = build(sms, wait);
    const renamed = renameStep(draft, 'Wait', 'Pause');
    expect('draft' in renamed && renamed.draft.edges).toEqual([
      { from: START, to: 'Send-SMS' },
      { from: 'Send-SMS', to: 'Pause' },
    ]);
    expect('draft' in renamed && renamed.draft.layout['Pause']).toEqual(draft.layout['Wait']);
    expect(renameStep(draft, 'Wait', 'Send-SMS')).toEqual({ error: expect.stringContaining('already named') });
    expect(neighbours(draft, 'Send-SMS')).toEqual({ next: 'Wait', previous: START });
  });
});

describe('graph ↔ canvas mapping', () => {
  const catalog = {
    tabs: [],
    triggers: [{ key: 'tag_added', kind: 'trigger', label: 'Tag added', description: '', tab: 'Triggers', branches: [], fields: [], defaultConfig: {} }],
    steps: [{ key: 'send_sms', kind: 'step', label: 'Send SMS', description: '', tab: 'SMS', branches: [], fields: [], defaultConfig: {} }],
  } satisfies Catalog;

  it('draws Workflow Start (fixed, undeletable, naming its triggers) and one card per step at its layout', () => {
    const draft = { ...build(sms, ifElse), triggers: [{ type: 'tag_added', config: { tag: 'new' } }] };
    const nodes = toFlowNodes(draft, catalog, { invalid: new Set(['Replied']), counts: new Map([['Send-SMS', { done: 3, failed: 1, waiting: 0 }]]), tested: new Map() }, 'Send-SMS');
    expect(nodes[0]).toMatchObject({ id: START, draggable: false, deletable: false, data: { triggers: ['Tag added'] } });
    expect(nodes[1]).toMatchObject({ id: 'Send-SMS', selected: true, position: draft.layout['Send-SMS'], data: { kind: 'Send SMS', counts: { done: 3, failed: 1, waiting: 0 }, invalid: false } });
    expect(nodes[2]).toMatchObject({ id: 'Replied', data: { handles: ['yes', 'no'], invalid: true, kind: 'if_else' } });
  });

  it('maps each edge to its outcome handle, with ids that round-trip to the draft edge', () => {
    const draft = addStep(build(ifElse), sms).draft;
    const edges = toFlowEdges(draft, new Set());
    expect(edges.map((e) => [e.source, e.sourceHandle, e.target])).toEqual([
      [START, null, 'Replied'],
      ['Replied', 'yes', 'Send-SMS'],
    ]);
    expect(removeEdges(draft, [edges[1]!.id]).edges).toEqual([{ from: START, to: 'Replied' }]);
  });

  it('saves a definition the server schema accepts and reads it back unchanged', () => {
    const draft = { ...build(sms, wait), triggers: [{ type: 'tag_added', config: { tag: 'new' } }] };
    const definition = definitionOf(draft);
    expect(ZWorkflowDefinition.safeParse(definition).success).toBe(true);
    expect(draftOf(definition)).toEqual(draft);
  });
});

describe('validation names the step and field', () => {
  it('uses the engine schema of the step type', () => {
    expect(stepErrors({ id: 'Send-SMS', type: 'send_sms', config: { body: ' ' } })).toEqual({ body: 'is required' });
    expect(stepErrors({ id: 'bad id', type: 'wait', config: { amount: 0, unit: 'days' } })).toMatchObject({ amount: 'must be at least 1', id: expect.any(String) });
    const draft = build({ ...sms, config: { body: '' } });
    expect(draftProblems(draft).messages).toEqual(['steps.Send-SMS.config.body: is required']);
    expect([...draftProblems(draft).invalidSteps]).toEqual(['Send-SMS']);
  });
});

describe('automatic layout', () => {
  it('ranks steps top to bottom from Workflow Start and puts branches side by side', () => {
    let draft = build(ifElse);
    draft = addStep(draft, sms, { from: 'Replied', branch: 'yes' }).draft;
    draft = addStep(draft, wait, { from: 'Replied', branch: 'no' }).draft;
    const layout = autoLayout(draft);
    expect(layout['Replied']!.y).toBeGreaterThan(0);
    expect(layout['Send-SMS']!.y).toBeGreaterThan(layout['Replied']!.y);
    expect(layout['Send-SMS']!.y).toBe(layout['Wait']!.y);
    expect(layout['Send-SMS']!.x).not.toBe(layout['Wait']!.x);
  });

  it('places the steps of a definition saved without positions below Workflow Start, keeping the positions it has', () => {
    const bare = draftOf({
      triggers: [],
      steps: [
        { id: 'first', type: 'send_sms', config: { body: 'Hi' } },
        { id: 'second', type: 'end', config: {} },
      ],
      edges: [
        { from: 'start', to: 'first' },
        { from: 'first', to: 'second' },
      ],
    });
    const placed = withPositions(bare).layout;
    expect(placed['first']!.y).toBeGreaterThan(0);
    expect(placed['second']!.y).toBeGreaterThan(placed['first']!.y);
    const kept = withPositions({ ...bare, layout: { first: { x: 500, y: 700 } } }).layout;
    expect(kept['first']).toEqual({ x: 500, y: 700 });
    expect(kept['second']).toBeDefined();
    const complete = { ...bare, layout: placed };
    expect(withPositions(complete)).toBe(complete);
  });
});

describe('undo / redo', () => {
  it('steps back and forth through drafts; a new change drops what was undone', () => {
    const a = emptyDraft();
    const b = build(sms);
    const c = build(sms, wait);
    let h = commit(commit(historyOf(a), b), c);
    h = undo(h);
    expect(h.present).toBe(b);
    h = redo(h);
    expect(h.present).toBe(c);
    h = commit(undo(undo(h)), c);
    expect(h.past).toEqual([a]);
    expect(h.future).toEqual([]);
    expect(undo(historyOf(a))).toEqual(historyOf(a));
  });

  it('keeps at most the last HISTORY_LIMIT drafts', () => {
    let h = historyOf(0);
    for (let i = 1; i <= HISTORY_LIMIT + 10; i += 1) h = commit(h, i);
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past[0]).toBe(10);
  });
});

describe('workflow settings', () => {
  it('names the field a save would refuse, with the server’s own rules', () => {
    const window = { startHour: 18, endHour: 9, days: [1], timeZone: 'organization' as const };
    const settings = { allowReenrollment: false, stopOnReply: true, unenrollOnGoal: true, sendingWindow: window };
    expect(settingsErrors(settings)).toEqual({ 'sendingWindow.endHour': 'must be after the start hour' });
    expect(settingsErrors({ ...settings, sendingWindow: { ...window, endHour: 20, days: [] } })).toEqual({ 'sendingWindow.days': 'needs at least one day' });
    expect(settingsErrors({ ...settings, sendingWindow: null })).toEqual({});
  });
});
