import { describe, expect, it } from 'vitest';
import { afterDealOf, columnDuring, keyboardTarget, type Column } from '../../client/routes/_app/-components/pipeline/board-model';
import type { DealBoard } from '../../client/routes/_app/-components/crm/types';

const board = (columns: Record<string, string[]>) => ({ stages: Object.entries(columns).map(([id, ids]) => ({ id, deals: ids.map((dealId) => ({ id: dealId })) })) }) as unknown as DealBoard;

describe('board model', () => {
  it('names the deal a drop lands under, not counting the dragged deal', () => {
    const b = board({ s1: ['a', 'b', 'c'], s2: ['x'] });
    expect(afterDealOf(b, 'x', { stageId: 's1', index: 0 })).toBeNull();
    expect(afterDealOf(b, 'x', { stageId: 's1', index: 2 })).toBe('b');
    expect(afterDealOf(b, 'a', { stageId: 's1', index: 2 })).toBe('c');
    expect(afterDealOf(b, 'x', { stageId: 's1', index: 99 })).toBe('c');
    expect(afterDealOf(b, 'a', { stageId: 's2', index: 1 })).toBe('x');
  });

  it('moves a lifted deal with the arrow keys within and across columns', () => {
    const columns: Column[] = [
      { id: 's1', dealIds: ['a', 'b'] },
      { id: 's2', dealIds: ['x'] },
    ];
    expect(keyboardTarget(columns, 'a', { stageId: 's1', index: 0 }, 'down')).toEqual({ stageId: 's1', index: 1 });
    expect(keyboardTarget(columns, 'a', { stageId: 's1', index: 1 }, 'right')).toEqual({ stageId: 's2', index: 1 });
    expect(columnDuring(columns[1]!, 'a', { stageId: 's2', index: 0 })).toEqual(['a', 'x']);
  });
});
