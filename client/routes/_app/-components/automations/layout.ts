import { Graph, layout } from '@dagrejs/dagre';
import { type Draft, NODE_HEIGHT, NODE_WIDTH, type Position, START } from './graph';

/**
 * Automatic layout: dagre ranks the steps top to bottom from Workflow Start; positions are the
 * top-left corners the canvas uses (dagre gives centres). Steps no edge reaches (goals) are laid
 * out too, beside the rest.
 */
export function autoLayout(draft: Draft): Record<string, Position> {
  const graph = new Graph();
  graph.setGraph({ rankdir: 'TB', nodesep: 40, ranksep: 60, marginx: 0, marginy: 0 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const id of [START, ...draft.steps.map((s) => s.id)]) graph.setNode(id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  // Branch order (yes before no, a before b) keeps the first outcome on the left.
  for (const edge of draft.edges) graph.setEdge(edge.from, edge.to);
  layout(graph);
  const start = graph.node(START);
  const positions: Record<string, Position> = {};
  for (const id of draft.steps.map((s) => s.id)) {
    const node = graph.node(id);
    // Relative to Workflow Start, which stays where it is (0, 0).
    positions[id] = { x: Math.round(node.x - start.x), y: Math.round(node.y - start.y) };
  }
  return positions;
}

/**
 * A saved definition as the canvas opens it: steps without a position (a definition written by hand
 * or posted to the REST API, whose `layout` is optional) are placed by autoLayout instead of all
 * landing on Workflow Start; positions the builder saved are kept.
 */
export function withPositions(draft: Draft): Draft {
  if (draft.steps.every((s) => draft.layout[s.id])) return draft;
  const placed = autoLayout(draft);
  return { ...draft, layout: { ...placed, ...draft.layout } };
}
