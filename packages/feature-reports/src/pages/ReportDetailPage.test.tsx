import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bodiesOf, harness, makeReport } from '../testing.tsx';
import ReportDetailPage from './ReportDetailPage.tsx';

/** uPlot draws on a canvas jsdom does not have: a stand-in records what the chart was given. */
const charts = vi.hoisted(() => [] as { options: Record<string, unknown>; data: number[][] }[]);
vi.mock('uplot', () => ({
  default: class {
    constructor(options: Record<string, unknown>, data: number[][]) {
      charts.push({ options, data });
    }
    setSize() {}
    destroy() {}
  },
}));

const ctx = setupFeature(harness);
const ROUTE = '/searchReport/resultDetail/:hospitalId/:type/:name/:reportId';
const open = (reportId = 'L10001234567890') =>
  renderAt({ [ROUTE]: <ReportDetailPage /> }, `/searchReport/resultDetail/1000/lab/生化全套/${reportId}`);

describe('ReportDetailPage', () => {
  it('lists a lab report’s items, abnormal ones first, marked with arrow and words; masks the name', async () => {
    open();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      '葡萄糖GLU',
      '丙氨酸氨基转移酶ALT',
      '尿蛋白PRO',
    ]);
    expect(rows[0].getAttribute('data-abnormal')).not.toBeNull();
    expect(rows[0].textContent).toContain('7.42 ↑偏高');
    expect(rows[0].textContent).toContain('3.90-6.10 mmol/L');
    expect(rows[1].getAttribute('data-abnormal')).toBeNull();
    expect(screen.getByText('共3项，1项异常（已置顶）')).toBeTruthy();
    expect(document.body.textContent).not.toContain('张伟');
    expect(screen.getByRole('link', { name: '查看报告单' }).getAttribute('href')).toBe(
      '/reportDetail/pdf/L10001234567890',
    );
    // A qualitative item has no trend.
    expect(within(rows[2]).queryByRole('button')).toBeNull();
    expect(bodiesOf(ctx.server, '/v1/report/detail/1000')).toEqual([{ reportId: 'L10001234567890' }]);
  });

  it('opens an item’s trend on demand: the chart gets the values in time order and the reference band', async () => {
    open();
    await screen.findByRole('table');
    expect(bodiesOf(ctx.server, '/v1/report/trend/1000')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '葡萄糖趋势' }));
    await screen.findByRole('img', { name: /葡萄糖趋势图/ });
    expect(bodiesOf(ctx.server, '/v1/report/trend/1000')).toEqual([{ contactId: '1', itemCode: 'GLU' }]);
    const chart = charts.at(-1) as (typeof charts)[number];
    expect(chart.data[1]).toEqual([9.61, 8.2, 7.42]);
    expect((chart.options.scales as { y: { range: number[] } }).y.range[0]).toBeLessThan(3.9);
    expect(screen.getByText('共3次结果，由 9.61 mmol/L 下降至 7.42 mmol/L')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: '葡萄糖历次结果' })).getAllByRole('listitem'),
    ).toHaveLength(3);
    expect(screen.getByRole('button', { name: '葡萄糖趋势' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('shows an imaging report’s findings and impression; a pending one when it is expected, without results', async () => {
    ctx.service.reports = [
      makeReport({
        reportId: 'I1',
        kind: 'IMAGING',
        name: '腰椎磁共振平扫',
        items: null,
        abnormalCount: null,
        imaging: {
          modality: 'MR',
          bodyPart: '腰椎',
          technique: 'T1WI、T2WI矢状位',
          findings: 'L4/5椎间盘向左后方突出。',
          impression: 'L4/5椎间盘突出。',
        },
      }),
      makeReport({
        reportId: 'L2',
        name: '糖化血红蛋白',
        status: 'PENDING',
        items: null,
        reportedAt: null,
        reporterName: null,
        expectedAt: '2030-05-11T07:00:00.000Z',
      }),
    ];
    open('I1');
    expect(await screen.findByRole('region', { name: '检查所见' })).toBeTruthy();
    expect(screen.getByRole('region', { name: '诊断意见' }).textContent).toContain('L4/5椎间盘突出。');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when a pending report is expected and offers no pages', async () => {
    ctx.service.reports = [
      makeReport({
        status: 'PENDING',
        items: null,
        reportedAt: null,
        reporterName: null,
        expectedAt: '2030-05-11T07:00:00.000Z',
      }),
    ];
    open();
    expect(await screen.findByText('预计 2030-05-11 15:00 前出报告')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '待出报告' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '查看报告单' })).toBeNull();
  });

  it('says so for a report that is not found, and for a bad link sends nothing', async () => {
    open('L404');
    expect(await screen.findByText('报告加载失败')).toBeTruthy();
  });
});
