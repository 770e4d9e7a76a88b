import type { BoardStage, DealBoard } from '../crm/types';

/** Where a dragged deal would land: a stage and its 0-based place among the other deals there. */
export type Target = { stageId: string; index: number };
export type Column = { id: string; dealIds: readonly string[] };
export type Direction = 'up' | 'down' | 'left' | 'right';

export const KEY_DIRECTIONS: Record<string, Direction | undefined> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

export const columnsOf = (board: DealBoard): Column[] => board.stages.map((s) => ({ id: s.id, dealIds: s.deals.map((d) => d.id) }));

const others = (column: Column | undefined, dealId: string) => (column ? column.dealIds.filter((id) => id !== dealId) : []);

/**
 * The keyboard's next place for a lifted deal: up and down move it within the stage, left and right
 * to the neighbouring stage at the same height (or its end), stopping at the edges.
 */
export function keyboardTarget(columns: readonly Column[], dealId: string, current: Target, direction: Direction): Target {
  const at = columns.findIndex((c) => c.id === current.stageId);
  if (at < 0) return current;
  const here = others(columns[at], dealId);
  switch (direction) {
    case 'up':
      return { ...current, index: Math.max(0, current.index - 1) };
    case 'down':
      return { ...current, index: Math.min(here.length, current.index + 1) };
    case 'left':
    case 'right': {
      const next = columns[at + (direction === 'left' ? -1 : 1)];
      if (!next) return current;
      return { stageId: next.id, index: Math.min(current.index, others(next, dealId).length) };
    }
  }
}

/** The deal shown just above `target` once `dealId` is dropped there (null: it lands at the top). */
export function afterDealOf(board: DealBoard, dealId: string, target: Target): string | null {
  const rest = others(
    columnsOf(board).find((c) => c.id === target.stageId),
    dealId,
  );
  return rest[Math.min(target.index, rest.length) - 1] ?? null;
}

/** Where a deal is now, as a target. */
export function placeOf(columns: readonly Column[], dealId: string): Target | null {
  for (const column of columns) {
    const index = column.dealIds.indexOf(dealId);
    if (index >= 0) return { stageId: column.id, index };
  }
  return null;
}

/** The deal ids a column shows while `dealId` is being dragged to `target`. */
export function columnDuring(column: Column, dealId: string, target: Target | null): string[] {
  const rest = others(column, dealId);
  if (!target || target.stageId !== column.id) return rest;
  const index = Math.min(Math.max(target.index, 0), rest.length);
  return [...rest.slice(0, index), dealId, ...rest.slice(index)];
}

/**
 * The board as it will be once the server has moved the deal (shown at once, replaced by the
 * server's answer): the deal leaves its column and enters the target at its place, with the
 * columns' counts and primary-currency sums following.
 */
export function moveInBoard(board: DealBoard, dealId: string, target: Target): DealBoard {
  const from = board.stages.find((s) => s.deals.some((d) => d.id === dealId));
  const to = board.stages.find((s) => s.id === target.stageId);
  const deal = from?.deals.find((d) => d.id === dealId);
  if (!from || !to || !deal) return board;
  const moved = { ...deal, stage: { id: to.id, name: to.name, kind: to.kind, probability: to.probability }, status: to.kind, probability: deal.probabilityOverride ?? to.probability };
  const primary = deal.value.currency === board.primaryCurrency ? deal.value.valueMinor : 0;
  const stages: BoardStage[] = board.stages.map((stage) => {
    let deals = stage.deals.filter((d) => d.id !== dealId);
    let { count, value } = stage;
    if (stage.id === from.id) {
      count -= 1;
      value = { ...value, valueMinor: value.valueMinor - primary };
    }
    if (stage.id === to.id) {
      const index = Math.min(Math.max(target.index, 0), deals.length);
      deals = [...deals.slice(0, index), moved, ...deals.slice(index)];
      count += 1;
      value = { ...value, valueMinor: value.valueMinor + primary };
    }
    return stage.id === from.id || stage.id === to.id ? { ...stage, deals, count, value } : stage;
  });
  return { ...board, stages };
}
