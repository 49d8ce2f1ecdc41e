import type { LabFlag, LabItem, LabTrendPoint } from '@patient/contract';

/** How a flag reads: the arrow of the lab sheet and the words (colour is never the only sign). */
export const FLAG_LOOK: Readonly<Record<LabFlag, { arrow: string; text: string; tone: string }>> = {
  HIGH: { arrow: '↑', text: '偏高', tone: 'danger' },
  LOW: { arrow: '↓', text: '偏低', tone: 'warning' },
  ABNORMAL: { arrow: '*', text: '异常', tone: 'danger' },
  NORMAL: { arrow: '', text: '正常', tone: 'muted' },
};

export const isAbnormal = (item: Pick<LabItem, 'flag'>) => item.flag !== 'NORMAL';

/** Abnormal items first, each group in the lab's order. */
export function orderItems(items: readonly LabItem[]): LabItem[] {
  return [...items.filter(isAbnormal), ...items.filter((i) => !isAbnormal(i))];
}

/** Whether an item can have a trend (a numeric value). */
export const hasTrend = (item: LabItem) => item.numeric !== null;

export interface ChartData {
  /** Seconds since 1970 (uPlot's x). */
  xs: number[];
  ys: number[];
  low: number | null;
  high: number | null;
  /** The y range: every value and the reference band, with a margin. */
  yMin: number;
  yMax: number;
}

/** The chart's data: the points in time order, and a y range that shows the reference band. */
export function chartData(
  points: readonly LabTrendPoint[],
  low: number | null,
  high: number | null,
): ChartData {
  const sorted = [...points].sort((a, b) => a.at.localeCompare(b.at));
  const ys = sorted.map((p) => p.value);
  const all = [...ys, ...(low === null ? [] : [low]), ...(high === null ? [] : [high])];
  const min = Math.min(...all);
  const max = Math.max(...all);
  const margin = (max - min || Math.abs(max) || 1) * 0.15;
  return {
    xs: sorted.map((p) => Math.floor(Date.parse(p.at) / 1000)),
    ys,
    low,
    high,
    yMin: Math.max(0, min - margin),
    yMax: max + margin,
  };
}

/** One line about the trend: from the first value to the latest, up or down. */
export function trendSummary(points: readonly LabTrendPoint[], unit: string): string {
  if (points.length < 2) return '仅有一次结果，暂无变化趋势';
  const first = points[0];
  const last = points[points.length - 1];
  const direction = last.value > first.value ? '上升' : last.value < first.value ? '下降' : '持平';
  return `共${points.length}次结果，由 ${first.value} ${unit} ${direction}至 ${last.value} ${unit}`;
}
