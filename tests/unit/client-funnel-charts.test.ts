import { describe, expect, it } from 'vitest';
import { cumulativeRates } from '../../client/components/funnels/step-chart';

describe('the funnel variants chart (issue #20)', () => {
  it('charts each variant’s opt-in rate from the first day to each day, in percent, on every day any variant had visitors', () => {
    const points = cumulativeRates([
      {
        variantId: 'a',
        label: 'Control',
        days: [
          { day: '2026-12-01', visitors: 10, optIns: 1 },
          { day: '2026-12-03', visitors: 10, optIns: 5 },
        ],
      },
      { variantId: 'b', label: 'B', days: [{ day: '2026-12-02', visitors: 3, optIns: 2 }] },
    ]);
    expect(points).toEqual([
      // B has had no visitor yet: no point, not a rate of 0.
      { day: '2026-12-01', a: 10, b: null },
      { day: '2026-12-02', a: 10, b: 66.7 },
      { day: '2026-12-03', a: 30, b: 66.7 },
    ]);
  });

  it('has no points without visits', () => {
    expect(cumulativeRates([{ variantId: 'a', label: 'Control', days: [] }])).toEqual([]);
  });
});
