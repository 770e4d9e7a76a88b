import '@xyflow/react/dist/style.css';
import { Background, type Connection, Controls, type EdgeChange, type NodeChange, type NodeSelectionChange, ReactFlow, ReactFlowProvider, useReactFlow } from '@xyflow/react';
import { type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import { type Catalog, type FlowNode, type Overlay, toFlowEdges, toFlowNodes } from './flow';
import { type Draft, neighbours, type Position, START } from './graph';
import { NODE_TYPES } from './nodes';

export type CanvasProps = {
  draft: Draft;
  catalog: Catalog;
  overlay: Overlay;
  selected: string | null;
  onSelect: (id: string | null) => void;
  onMove: (positions: Record<string, Position>) => void;
  onConnect: (from: string, branch: string | undefined, to: string) => void;
  onDelete: (steps: string[], edges: string[]) => void;
  /** Changes whenever the canvas should fit the whole workflow again (after automatic layout). */
  fitKey: number;
};

/**
 * The React Flow canvas over the draft. Nodes and edges are derived from the draft on every change;
 * what React Flow measures (sizes) and a drag in progress are kept here, and a finished drag becomes
 * one change of the draft (one undo step). The styles are React Flow's stylesheet, bundled as a file
 * (the Content-Security-Policy refuses injected <style> elements).
 */
export function Canvas(props: CanvasProps) {
  return (
    <ReactFlowProvider>
      <FlowCanvas {...props} />
    </ReactFlowProvider>
  );
}

function FlowCanvas({ draft, catalog, overlay, selected, onSelect, onMove, onConnect, onDelete, fitKey }: CanvasProps) {
  const flow = useReactFlow();
  const [measured, setMeasured] = useState<Record<string, { width: number; height: number }>>({});
  const [dragging, setDragging] = useState<Record<string, Position>>({});
  const [selectedEdges, setSelectedEdges] = useState<ReadonlySet<string>>(new Set());

  const nodes = useMemo(
    () => toFlowNodes(draft, catalog, overlay, selected).map((n): FlowNode => ({ ...n, position: dragging[n.id] ?? n.position, measured: measured[n.id] }) as FlowNode),
    [draft, catalog, overlay, selected, dragging, measured],
  );
  const edges = useMemo(() => toFlowEdges(draft, selectedEdges), [draft, selectedEdges]);

  useEffect(() => {
    if (fitKey > 0) void flow.fitView({ padding: 0.2, duration: 0 });
  }, [fitKey, flow]);

  function onNodesChange(changes: NodeChange<FlowNode>[]) {
    const sizes: Record<string, { width: number; height: number }> = {};
    const moving: Record<string, Position> = {};
    const finished: Record<string, Position> = {};
    for (const change of changes) {
      if (change.type === 'dimensions' && change.dimensions) sizes[change.id] = change.dimensions;
      if (change.type === 'position' && change.position) (change.dragging ? moving : finished)[change.id] = change.position;
    }
    // One node is selected at a time; React Flow lists the deselection of the old one in node order, before or after.
    const picked = changes.find((c): c is NodeSelectionChange => c.type === 'select' && c.selected);
    if (picked) onSelect(picked.id);
    else if (changes.some((c) => c.type === 'select' && !c.selected && c.id === selected)) onSelect(null);
    if (Object.keys(sizes).length) setMeasured((m) => ({ ...m, ...sizes }));
    if (Object.keys(moving).length) setDragging((d) => ({ ...d, ...moving }));
    // The end of a drag, and each keyboard move (arrow keys), is one change of the draft.
    if (Object.keys(finished).length) {
      setDragging({});
      onMove(finished);
    }
  }

  function onEdgesChange(changes: EdgeChange[]) {
    setSelectedEdges((current) => {
      const next = new Set(current);
      for (const change of changes) {
        if (change.type !== 'select') continue;
        if (change.selected) next.add(change.id);
        else next.delete(change.id);
      }
      return next;
    });
  }

  /** Alt+↓ / Alt+↑ move the focus to the next / previous step along the path. */
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!event.altKey || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    const from = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('.react-flow__node')?.dataset.id ?? selected ?? START;
    const { next, previous } = neighbours(draft, from);
    const target = event.key === 'ArrowDown' ? next : previous;
    if (!target) return;
    event.preventDefault();
    event.currentTarget.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(target)}"]`)?.focus();
    onSelect(target);
  }

  return (
    <div className="h-full w-full" onKeyDown={onKeyDown}>
      <ReactFlow<FlowNode>
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={(c: Connection) => onConnect(c.source, c.sourceHandle ?? undefined, c.target)}
        onDelete={({ nodes: removed, edges: cut }) => {
          setSelectedEdges(new Set());
          onDelete(
            removed.map((n) => n.id).filter((id) => id !== START),
            cut.map((e) => e.id),
          );
        }}
        onPaneClick={() => onSelect(null)}
        deleteKeyCode={['Delete', 'Backspace']}
        fitView
        fitViewOptions={{ padding: 0.2 }}
        minZoom={0.2}
        aria-label="Workflow canvas"
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
