import { STEP_BRANCHES, type TEdge, type TStepType } from '../../../../lib/automations-schema';

/**
 * The builder's workflow while it is edited: the definition format of server/automations/schema.ts
 * (what Save sends), with configs still loose — a field the user just cleared is kept and named by
 * validation rather than dropped. Every change is a pure function from one draft to the next, so
 * undo/redo keeps whole drafts and the tests need no canvas.
 */
export type DraftStep = { id: string; type: string; config: Record<string, unknown> };
export type DraftTrigger = { type: string; config: Record<string, unknown> };
export type Position = { x: number; y: number };
export type Draft = { version: 1; triggers: DraftTrigger[]; steps: DraftStep[]; edges: TEdge[]; layout: Record<string, Position> };

/** The fixed 'Workflow Start' node every path begins at (edges name it `start`). */
export const START = 'start';
/** Canvas size of a step card; the layout spaces cards by it. */
export const NODE_WIDTH = 240;
export const NODE_HEIGHT = 84;
const ROW_GAP = 60;

export const emptyDraft = (): Draft => ({ version: 1, triggers: [], steps: [], edges: [], layout: {} });

/** A saved definition as a draft (layout always present). */
export function draftOf(definition: {
  triggers: readonly DraftTrigger[];
  steps: readonly { id: string; type: string; config?: unknown }[];
  edges: readonly TEdge[];
  layout?: Record<string, Position> | undefined;
}): Draft {
  return {
    version: 1,
    triggers: definition.triggers.map((t) => ({ type: t.type, config: { ...t.config } })),
    steps: definition.steps.map((s) => ({ id: s.id, type: s.type, config: { ...(s.config as Record<string, unknown>) } })),
    edges: definition.edges.map((e) => ({ ...e })),
    layout: { ...definition.layout },
  };
}

/** The outcomes a step has edges for: its branches, or one plain edge (`undefined`). */
export function handlesOf(type: string): readonly (string | undefined)[] {
  return STEP_BRANCHES[type as TStepType] ?? [undefined];
}

export const edgeKey = (edge: TEdge) => `${edge.from}>${edge.to}>${edge.branch ?? ''}`;

const stepOf = (draft: Draft, id: string) => draft.steps.find((s) => s.id === id);
const sameHandle = (edge: TEdge, from: string, branch: string | undefined) => edge.from === from && (edge.branch ?? undefined) === branch;

/** The first outcome of `from` with no edge yet, or null when all are taken. */
export function freeHandle(draft: Draft, from: string): { from: string; branch: string | undefined } | null {
  const handles = from === START ? [undefined] : handlesOf(stepOf(draft, from)?.type ?? '');
  const index = handles.findIndex((branch) => !draft.edges.some((e) => sameHandle(e, from, branch)));
  return index === -1 ? null : { from, branch: handles[index] };
}

/**
 * Where a card added without a selection goes: the first free outcome along the path from start
 * (following each step's first edge), so clicking cards one after another builds a sequence.
 */
export function tailOf(draft: Draft): { from: string; branch: string | undefined } | null {
  const seen = new Set<string>();
  let at = START;
  while (!seen.has(at)) {
    seen.add(at);
    const free = freeHandle(draft, at);
    if (free) return free;
    const next = draft.edges.find((e) => e.from === at);
    if (!next) return null;
    at = next.to;
  }
  return null;
}

/** A step id from a name: "Welcome Email" → "Welcome-Email", unique in the draft ("…-2"). */
export function uniqueStepId(draft: Draft, name: string): string {
  const base =
    name
      .trim()
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'step';
  const taken = new Set([START, ...draft.steps.map((s) => s.id)]);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The title a step shows: its id with separators as spaces ("Welcome-Email" → "Welcome Email"). */
export const stepTitle = (id: string) => id.replace(/[-_]+/g, ' ');

/**
 * Adds a step named `name` after `anchor` (an outcome that is free), or after the path's tail; it is
 * placed below what it follows.
 */
export function addStep(
  draft: Draft,
  step: { type: string; name: string; config: Record<string, unknown> },
  anchor?: { from: string; branch: string | undefined } | null,
): { draft: Draft; id: string } {
  const id = uniqueStepId(draft, step.name);
  const at = anchor ? (isFree(draft, anchor) ? anchor : freeHandle(draft, anchor.from)) : tailOf(draft);
  const above = at ? (draft.layout[at.from] ?? { x: 0, y: 0 }) : lowest(draft);
  const branchIndex = at?.branch ? handlesOf(stepOf(draft, at.from)?.type ?? '').indexOf(at.branch) : 0;
  const position = { x: above.x + branchIndex * (NODE_WIDTH + 40), y: above.y + NODE_HEIGHT + ROW_GAP };
  return {
    id,
    draft: {
      ...draft,
      steps: [...draft.steps, { id, type: step.type, config: structuredClone(step.config) }],
      edges: at ? [...draft.edges, withBranch({ from: at.from, to: id }, at.branch)] : draft.edges,
      layout: { ...draft.layout, [id]: position },
    },
  };
}

const isFree = (draft: Draft, at: { from: string; branch: string | undefined }) => !draft.edges.some((e) => sameHandle(e, at.from, at.branch));

function lowest(draft: Draft): Position {
  const points = Object.values(draft.layout);
  return points.length ? points.reduce((a, b) => (b.y > a.y ? b : a)) : { x: 0, y: 0 };
}

const withBranch = (edge: { from: string; to: string }, branch: string | undefined): TEdge => (branch === undefined ? edge : { ...edge, branch });

/** Whether `to` can reach `from` along edges (connecting from → to would close a cycle). */
function reaches(draft: Draft, start: string, target: string): boolean {
  const stack = [start];
  const seen = new Set<string>();
  while (stack.length) {
    const at = stack.pop()!;
    if (at === target) return true;
    if (seen.has(at)) continue;
    seen.add(at);
    for (const e of draft.edges) if (e.from === at) stack.push(e.to);
  }
  return false;
}

/**
 * Connects an outcome of `from` to `to`, replacing what that outcome led to. Refuses (with the reason)
 * an edge into start, onto itself, from an unknown outcome, or one that would close a loop.
 */
export function connect(draft: Draft, from: string, branch: string | undefined, to: string): { draft: Draft } | { error: string } {
  if (to === START) return { error: 'Nothing can lead back to Workflow Start.' };
  if (from === to) return { error: 'A step cannot lead to itself.' };
  if (!stepOf(draft, to) || (from !== START && !stepOf(draft, from))) return { error: 'That step is no longer in the workflow.' };
  const handles = from === START ? [undefined] : handlesOf(stepOf(draft, from)!.type);
  if (!handles.includes(branch)) return { error: `${stepTitle(from)} has no outcome “${branch ?? 'next'}”.` };
  if (reaches(draft, to, from)) return { error: `${stepTitle(to)} already leads to ${stepTitle(from)}: workflows cannot loop.` };
  const edges = draft.edges.filter((e) => !sameHandle(e, from, branch));
  return { draft: { ...draft, edges: [...edges, withBranch({ from, to }, branch)] } };
}

export function removeEdges(draft: Draft, keys: readonly string[]): Draft {
  return { ...draft, edges: draft.edges.filter((e) => !keys.includes(edgeKey(e))) };
}

/**
 * Removes steps and their edges. A removed step that sat in a line (one edge in, one plain edge out)
 * has its neighbours joined, so deleting the middle of a sequence keeps the sequence.
 */
export function removeSteps(draft: Draft, ids: readonly string[]): Draft {
  let next = draft;
  for (const id of ids) {
    if (id === START || !stepOf(next, id)) continue;
    const incoming = next.edges.filter((e) => e.to === id);
    const outgoing = next.edges.filter((e) => e.from === id);
    const edges = next.edges.filter((e) => e.from !== id && e.to !== id);
    if (incoming.length === 1 && outgoing.length === 1 && outgoing[0]!.branch === undefined) edges.push(withBranch({ from: incoming[0]!.from, to: outgoing[0]!.to }, incoming[0]!.branch));
    const { [id]: _removed, ...layout } = next.layout;
    next = { ...next, steps: next.steps.filter((s) => s.id !== id), edges, layout };
  }
  return next;
}

/** Renames a step everywhere it is named (edges, layout); refuses a name already used. */
export function renameStep(draft: Draft, from: string, to: string): { draft: Draft } | { error: string } {
  if (from === to) return { draft };
  if (to === START || stepOf(draft, to)) return { error: `Another step is already named “${to}”.` };
  const rename = (id: string) => (id === from ? to : id);
  const { [from]: position, ...layout } = draft.layout;
  return {
    draft: {
      ...draft,
      steps: draft.steps.map((s) => (s.id === from ? { ...s, id: to } : s)),
      edges: draft.edges.map((e) => ({ ...e, from: rename(e.from), to: rename(e.to) })),
      layout: position ? { ...layout, [to]: position } : layout,
    },
  };
}

export function updateStepConfig(draft: Draft, id: string, config: Record<string, unknown>): Draft {
  return { ...draft, steps: draft.steps.map((s) => (s.id === id ? { ...s, config } : s)) };
}

export function moveSteps(draft: Draft, positions: Record<string, Position>): Draft {
  return { ...draft, layout: { ...draft.layout, ...positions } };
}

/** The step after `id` along its first edge, and the one before it (for moving focus along the path). */
export function neighbours(draft: Draft, id: string): { next: string | null; previous: string | null } {
  return { next: draft.edges.find((e) => e.from === id)?.to ?? null, previous: draft.edges.find((e) => e.to === id)?.from ?? null };
}

/**
 * The draft with the signing secrets the server gave its webhook steps on save (matched by step id),
 * so the step's panel shows the secret; the same draft when no secret is new.
 */
export function adoptSecrets(draft: Draft, saved: { steps: readonly { id: string; type: string; config?: unknown }[] }): Draft {
  let changed = false;
  const steps = draft.steps.map((step) => {
    if (step.type !== 'webhook' || step.config.secret) return step;
    const secret = (saved.steps.find((s) => s.id === step.id && s.type === 'webhook')?.config as { secret?: unknown } | undefined)?.secret;
    if (typeof secret !== 'string') return step;
    changed = true;
    return { ...step, config: { ...step.config, secret } };
  });
  return changed ? { ...draft, steps } : draft;
}
