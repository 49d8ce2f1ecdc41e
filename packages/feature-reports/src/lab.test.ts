import { describe, expect, it } from 'vitest';
import { chartData, FLAG_LOOK, orderItems, trendSummary } from './lab.ts';
import { makeItem } from './testing.tsx';

describe('lab items', () => {
  it('puts abnormal items first, each group in the lab’s order', () => {
    const items = [
      makeItem({ code: 'A' }),
      makeItem({ code: 'B', flag: 'LOW' }),
      makeItem({ code: 'C' }),
      makeItem({ code: 'D', flag: 'HIGH' }),
      makeItem({ code: 'E', flag: 'ABNORMAL' }),
    ];
    expect(orderItems(items).map((i) => i.code)).toEqual(['B', 'D', 'E', 'A', 'C']);
    expect(orderItems([])).toEqual([]);
  });

  it('marks high and low with an arrow and words, never colour alone', () => {
    expect(FLAG_LOOK.HIGH).toMatchObject({ arrow: '↑', text: '偏高' });
    expect(FLAG_LOOK.LOW).toMatchObject({ arrow: '↓', text: '偏低' });
    expect(FLAG_LOOK.ABNORMAL.text).toBe('异常');
  });
});

describe('trend chart data', () => {
  const point = (at: string, value: number) => ({
    reportId: at,
    reportName: '生化全套',
    at,
    value,
    flag: 'NORMAL' as const,
  });

  it('orders the points in time, in seconds, and takes the band into the y range', () => {
    const data = chartData(
      [point('2030-05-10T00:00:00.000Z', 7.4), point('2029-11-10T00:00:00.000Z', 9.6)],
      3.9,
      6.1,
    );
    expect(data.xs).toEqual([
      Date.parse('2029-11-10T00:00:00Z') / 1000,
      Date.parse('2030-05-10T00:00:00Z') / 1000,
    ]);
    expect(data.ys).toEqual([9.6, 7.4]);
    expect(data.yMin).toBeLessThan(3.9);
    expect(data.yMax).toBeGreaterThan(9.6);
    expect(data.yMin).toBeGreaterThanOrEqual(0);
  });

  it('works with one bound, or none, or a single point', () => {
    const upper = chartData([point('2030-01-01T00:00:00.000Z', 6.4)], null, 5.2);
    expect(upper.yMax).toBeGreaterThan(6.4);
    expect(upper.yMin).toBeLessThan(5.2);
    const flat = chartData([point('2030-01-01T00:00:00.000Z', 5)], null, null);
    expect(flat.yMax).toBeGreaterThan(flat.yMin);
  });

  it('says where the values went', () => {
    const points = [point('2029-11-10T00:00:00.000Z', 9.6), point('2030-05-10T00:00:00.000Z', 7.4)];
    expect(trendSummary(points, 'mmol/L')).toBe('共2次结果，由 9.6 mmol/L 下降至 7.4 mmol/L');
    expect(trendSummary(points.slice(0, 1), 'mmol/L')).toBe('仅有一次结果，暂无变化趋势');
  });
});
