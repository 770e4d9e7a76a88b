import type { Edge, Node } from '@xyflow/react';
import type { z } from 'zod';
import type { STEP_OUTCOMES, ZCatalog, ZCatalogEntry } from '../../../../lib/automations-schema';
import { type Draft, edgeKey, handlesOf, START, stepTitle } from './graph';

export type Catalog = z.infer<typeof ZCatalog>;
export type CatalogEntry = z.infer<typeof ZCatalogEntry>;
export type StepOutcome = (typeof STEP_OUTCOMES)[number];
export type StepCount = { done: number; failed: number; waiting: number };

export type StartNodeData = { triggers: string[] };
export type StepNodeData = {
  title: string;
  kind: string;
  handles: readonly (string | undefined)[];
  invalid: boolean;
  counts: StepCount | null;
  /** The test run's outcome at this step, when the last test passed through it. */
  tested: StepOutcome | null;
};
export type StartFlowNode = Node<StartNodeData, 'start'>;
export type StepFlowNode = Node<StepNodeData, 'step'>;
export type FlowNode = StartFlowNode | StepFlowNode;

/** What the canvas draws besides the draft itself. */
export type Overlay = { invalid: ReadonlySet<string>; counts: ReadonlyMap<string, StepCount>; tested: ReadonlyMap<string, StepOutcome> };

export const entryOf = (catalog: Catalog | undefined, kind: 'trigger' | 'step', key: string): CatalogEntry | undefined =>
  (kind === 'trigger' ? catalog?.triggers : catalog?.steps)?.find((e) => e.key === key);

/** The draft as React Flow nodes: Workflow Start (fixed, undeletable) and one card per step. */
export function toFlowNodes(draft: Draft, catalog: Catalog | undefined, overlay: Overlay, selected: string | null): FlowNode[] {
  const start: StartFlowNode = {
    id: START,
    type: 'start',
    position: { x: 0, y: 0 },
    draggable: false,
    deletable: false,
    selected: selected === START,
    data: { triggers: draft.triggers.map((t) => entryOf(catalog, 'trigger', t.type)?.label ?? t.type) },
  };
  const steps = draft.steps.map((step): StepFlowNode => ({
    id: step.id,
    type: 'step',
    position: draft.layout[step.id] ?? { x: 0, y: 0 },
    selected: selected === step.id,
    ariaLabel: `Step ${stepTitle(step.id)}`,
    data: {
      title: stepTitle(step.id),
      kind: entryOf(catalog, 'step', step.type)?.label ?? step.type,
      handles: handlesOf(step.type),
      invalid: overlay.invalid.has(step.id),
      counts: overlay.counts.get(step.id) ?? null,
      tested: overlay.tested.get(step.id) ?? null,
    },
  }));
  return [start, ...steps];
}

/** The draft's edges; a branch's edge leaves its outcome's handle and is labelled with it. */
export function toFlowEdges(draft: Draft, selectedEdges: ReadonlySet<string>): Edge[] {
  return draft.edges.map((edge) => {
    const id = edgeKey(edge);
    return {
      id,
      source: edge.from,
      target: edge.to,
      sourceHandle: edge.branch ?? null,
      label: edge.branch,
      selected: selectedEdges.has(id),
      ariaLabel: `From ${edge.from === START ? 'Workflow Start' : stepTitle(edge.from)}${edge.branch ? ` (${edge.branch})` : ''} to ${stepTitle(edge.to)}`,
    };
  });
}
