import { api } from '@patient/api-client';
import { getLabTrend } from '@patient/contract';
import { RemoteState, useRemote } from '@patient/feature-kit';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { chinaDay } from './format.ts';
import { type ChartData, chartData, FLAG_LOOK, trendSummary } from './lab.ts';

/** A ui-kit colour variable as the canvas needs it (the theme and elder mode set them on the root). */
function cssVar(name: string, element: Element): string {
  return getComputedStyle(element).getPropertyValue(name).trim();
}

/** The chart: the values over time as a line with points, the reference band shaded behind them. */
function Chart({ data, unit, label }: { data: ChartData; unit: string; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const primary = cssVar('--color-primary', element);
    const band = cssVar('--color-primary-light', element);
    const text = cssVar('--color-text-secondary', element);
    const grid = cssVar('--color-border', element);
    const font = `${cssVar('--font-size-xs', element) || '12px'} sans-serif`;
    const axis = { stroke: text, font, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const plot = new uPlot(
      {
        width: element.clientWidth || 320,
        height: 200,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: true }, y: { range: [data.yMin, data.yMax] } },
        axes: [
          {
            ...axis,
            values: (_u, ticks) => ticks.map((t) => chinaDay(new Date(t * 1000).toISOString()).slice(5)),
          },
          { ...axis, label: unit, labelFont: font, size: 48 },
        ],
        series: [{}, { stroke: primary, width: 2, points: { size: 8, fill: primary, stroke: primary } }],
        hooks: {
          // The reference band, drawn under the line.
          drawAxes: [
            (u) => {
              if (data.low === null && data.high === null) return;
              const top = u.valToPos(data.high ?? data.yMax, 'y', true);
              const bottom = u.valToPos(data.low ?? data.yMin, 'y', true);
              u.ctx.save();
              u.ctx.fillStyle = band;
              u.ctx.fillRect(u.bbox.left, top, u.bbox.width, bottom - top);
              u.ctx.restore();
            },
          ],
        },
      },
      [data.xs, data.ys],
      element,
    );
    const resize = () => plot.setSize({ width: element.clientWidth || 320, height: 200 });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      plot.destroy();
    };
  }, [data, unit]);
  return <div ref={box} className="rp-trend__canvas" role="img" aria-label={label} />;
}

/**
 * 趋势 of one lab item across the contact's reports (loaded with this module only, when asked for): the chart
 * with the reference band, one line saying where it went, and every value as a list (what the chart shows,
 * readable without it).
 */
export default function TrendChart({
  hospitalId,
  contactId,
  itemCode,
}: {
  hospitalId: string;
  contactId: string;
  itemCode: string;
}) {
  const trend = useRemote(
    (signal) =>
      api.request(getLabTrend, { params: { hospitalId }, body: { contactId, itemCode } }, { signal }),
    `${hospitalId}/${contactId}/${itemCode}`,
  );
  if (trend.data === null)
    return <RemoteState remote={trend} loading="正在加载趋势..." failed="趋势加载失败" paddingTop={24} />;
  const t = trend.data;
  const data = chartData(t.points, t.low, t.high);
  const summary = trendSummary(t.points, t.unit);
  return (
    <section className="rp-trend" aria-label={`${t.name}趋势`}>
      <h3 className="rp-sections__title">
        {t.name}趋势（参考范围 {t.referenceRange} {t.unit}，阴影为参考范围）
      </h3>
      <Chart data={data} unit={t.unit} label={`${t.name}趋势图：${summary}`} />
      <p className="rp-row__line">{summary}</p>
      <ol className="fk-list" aria-label={`${t.name}历次结果`}>
        {t.points.map((p) => (
          <li key={p.reportId} className="rp-row__line">
            {chinaDay(p.at)}：{p.value} {t.unit}
            {p.flag !== 'NORMAL' && ` ${FLAG_LOOK[p.flag].arrow} ${FLAG_LOOK[p.flag].text}`}
          </li>
        ))}
      </ol>
    </section>
  );
}
