import type { z } from 'zod';
import { DomainError, type FieldIssue } from '../errors';
import { STEP_BRANCHES, ZStepBody, ZWorkflowDefinition, type TEdge, type TStep, type TWorkflowDefinition } from './schema';

/**
 * The workflow graph: validation of the definition format (schema.ts) and the moves the executor
 * and the test run make on it. One source of truth for "what follows a step".
 */

export const START = 'start';

/** An empty draft: manual enrolment, no step. */
export const EMPTY_DEFINITION: TWorkflowDefinition = { version: 1, triggers: [], steps: [], edges: [] };

function issue(path: string, message: string): FieldIssue {
  return { path, message };
}

/** The problems of a definition, each naming the step (by id) and the field; empty when it is valid. */
export function definitionIssues(input: unknown, prefix = 'definition'): FieldIssue[] {
  const parsed = ZWorkflowDefinition.safeParse(input);
  if (!parsed.success) return parsed.error.issues.map((i) => issue([prefix, ...i.path.map(String)].join('.'), i.message));
  const def = parsed.data;
  const issues: FieldIssue[] = [];
  const ids = new Set<string>();
  const types = new Map<string, string>();
  for (const step of def.steps) {
    const path = `${prefix}.steps.${step.id}`;
    if (ids.has(step.id)) issues.push(issue(`${path}.id`, 'is used by another step'));
    ids.add(step.id);
    const body = ZStepBody.safeParse({ type: step.type, config: step.config ?? {} });
    if (!body.success) for (const i of body.error.issues) issues.push(issue([path, ...i.path.map(String)].join('.'), i.message));
    types.set(step.id, step.type);
  }
  const outgoing = new Map<string, TEdge[]>();
  def.edges.forEach((edge, index) => {
    const path = `${prefix}.edges.${index}`;
    if (edge.from !== START && !ids.has(edge.from)) issues.push(issue(`${path}.from`, `names no step (${edge.from})`));
    if (!ids.has(edge.to)) issues.push(issue(`${path}.to`, `names no step (${edge.to})`));
    const branches = STEP_BRANCHES[types.get(edge.from) as keyof typeof STEP_BRANCHES];
    if (branches) {
      if (!edge.branch || !branches.includes(edge.branch)) issues.push(issue(`${path}.branch`, `must be ${branches.join(' or ')} (step ${edge.from})`));
    } else if (edge.branch !== undefined) {
      issues.push(issue(`${path}.branch`, `is only for branching steps (step ${edge.from} has one way out)`));
    }
    const list = outgoing.get(edge.from) ?? [];
    if (list.some((e) => (e.branch ?? '') === (edge.branch ?? ''))) issues.push(issue(`${path}.from`, `step ${edge.from} already has an edge${edge.branch ? ` for branch ${edge.branch}` : ''}`));
    list.push(edge);
    outgoing.set(edge.from, list);
  });
  if (issues.length > 0) return issues;
  if (def.steps.length > 0 && (outgoing.get(START)?.length ?? 0) !== 1) issues.push(issue(`${prefix}.edges`, 'needs exactly one edge from start'));
  for (const step of def.steps) {
    if (step.type === 'end' && (outgoing.get(step.id)?.length ?? 0) > 0) issues.push(issue(`${prefix}.steps.${step.id}`, 'an end step has no way out'));
  }
  // Reachability and cycles: depth-first from start and from every goal (goals are jumped to).
  const reached = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string): void => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'open') {
      issues.push(issue(`${prefix}.steps.${node}`, 'is part of a cycle'));
      return;
    }
    state.set(node, 'open');
    if (node !== START) reached.add(node);
    for (const edge of outgoing.get(node) ?? []) visit(edge.to);
    state.set(node, 'done');
  };
  visit(START);
  for (const step of def.steps) if (step.type === 'goal') visit(step.id);
  for (const step of def.steps) if (!reached.has(step.id)) issues.push(issue(`${prefix}.steps.${step.id}`, 'cannot be reached from start'));
  return issues;
}

/** Parses a definition or throws a 400 naming the first problem's step and field. */
export function parseDefinition(input: unknown, prefix = 'definition'): TWorkflowDefinition {
  const issues = definitionIssues(input, prefix);
  if (issues.length > 0) throw new DomainError('VALIDATION', `${issues[0]!.path}: ${issues[0]!.message}`, { issues });
  return normalize(input);
}

/** A stored definition (validated when saved) with each step's config defaults applied. */
export function normalize(input: unknown): TWorkflowDefinition {
  const def = ZWorkflowDefinition.parse(input);
  return {
    ...def,
    steps: def.steps.map((step) => ({ id: step.id, ...ZStepBody.parse({ type: step.type, config: step.config ?? {} }) }) as TStep),
  };
}

/** A draft may be incomplete while it is edited: saved as long as its structure parses (publish checks the graph). */
export function parseDraft(input: unknown): z.output<typeof ZWorkflowDefinition> {
  return ZWorkflowDefinition.parse(input);
}

export function stepById(def: TWorkflowDefinition, id: string): TStep | undefined {
  return def.steps.find((s) => s.id === id);
}

/** The step after `from` (a step id or start) on `branch`; null when the path ends there. */
export function nextStep(def: TWorkflowDefinition, from: string, branch?: string | null): string | null {
  const edge = def.edges.find((e) => e.from === from && (e.branch ?? null) === (branch ?? null));
  return edge?.to ?? null;
}
