import { describe, expect, it } from 'vitest';
import { estimateWait } from './estimate.ts';

const at = (secondsAgo: number[]) => secondsAgo.map((s) => new Date(Date.UTC(2025, 2, 10, 2) - s * 1000));

describe('the wait estimate', () => {
  it('is a range around the pace of the last calls times the numbers to go', () => {
    // A call every 300 s exactly: 4 to go is 20 minutes, give or take a sixth.
    expect(estimateWait(at([0, 300, 600, 900, 1200, 1500]), 4)).toEqual({
      low: 16,
      high: 24,
      paceSeconds: 300,
      calls: 6,
    });
    // An uneven pace (60 to 240 s) widens it.
    const uneven = estimateWait(at([0, 60, 300, 360, 600, 660]), 4);
    expect(uneven).toMatchObject({ paceSeconds: 132, calls: 6 });
    expect((uneven?.high ?? 0) - (uneven?.low ?? 0)).toBeGreaterThan(6);
    // Next in line: under a pause.
    expect(estimateWait(at([0, 300, 600]), 1)).toMatchObject({ low: 4, high: 6 });
  });

  it('tells nothing before three calls of the day', () => {
    expect(estimateWait([], 3)).toBeNull();
    expect(estimateWait(at([0, 300]), 3)).toBeNull();
  });
});
