import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodiesOf, harness, makeReport } from '../testing.tsx';
import ReportDetailPage from './ReportDetailPage.tsx';
import ReportListPage from './ReportListPage.tsx';

const ctx = setupFeature(harness);

const ITEMS = [
  { name: '内科检查', result: '未见异常', qualified: true },
  { name: '皮肤检查', result: '未见异常', qualified: true },
  { name: '戊型肝炎抗体IgM', result: '阴性', qualified: true },
];

const certificate = (extra: Parameters<typeof makeReport>[0] = {}) =>
  makeReport({
    reportId: 'H10001234567890',
    kind: 'HEALTH_CERTIFICATE',
    name: '从业人员健康检查',
    departmentName: '健康管理中心',
    doctorName: '陈慧',
    specimen: '血液、粪便',
    reporterName: '陈慧',
    abnormalCount: null,
    items: null,
    healthCertificate: {
      certificateNo: 'JK100034567890',
      category: '食品生产经营',
      items: ITEMS,
      conclusion: 'QUALIFIED',
      validFrom: '2030-05-13',
      validUntil: '2031-05-12',
    },
    ...extra,
  });

const openList = () =>
  renderAt(
    {
      '/searchReport/resultList/:cardId/:hospitalId/:contactId': <ReportListPage />,
      '/searchReport/resultDetail/:hospitalId/:type/:name/:reportId': <ReportDetailPage />,
    },
    '/searchReport/resultList/C1/1000/1',
  );

const detail = (reportId: string) =>
  renderAt(
    { '/searchReport/resultDetail/:hospitalId/:type/:name/:reportId': <ReportDetailPage /> },
    `/searchReport/resultDetail/1000/health_certificate/x/${reportId}`,
  );

describe('health certificates (健康证)', () => {
  it('has its own tab in the report list; opens the certificate: verdict, 有效期, 体检项目', async () => {
    ctx.service.reports = [makeReport(), certificate()];
    const router = openList();
    await screen.findByRole('list', { name: '报告列表' });
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['全部', '检验报告', '检查报告', '病理报告', '健康证']);

    fireEvent.click(screen.getByRole('tab', { name: '健康证' }));
    const panel = await screen.findByRole('tabpanel', { name: '健康证' });
    await within(panel).findByText('从业人员健康检查');
    const rows = within(within(panel).getByRole('list', { name: '报告列表' })).getAllByRole('link');
    expect(rows).toHaveLength(1);
    expect(rows[0].textContent).toContain('健康证从业人员健康检查');
    expect(bodiesOf(ctx.server, '/v1/report/list/1000').at(-1)).toEqual({
      contactId: '1',
      kind: 'HEALTH_CERTIFICATE',
    });

    fireEvent.click(rows[0]);
    expect(router.state.location.pathname).toBe(
      `/searchReport/resultDetail/1000/health_certificate/${encodeURIComponent('从业人员健康检查')}/H10001234567890`,
    );
    const card = await screen.findByLabelText('健康证', { selector: 'dl' });
    expect(card.textContent).toContain('结论合格');
    expect(card.textContent).toContain('从业类别食品生产经营');
    expect(card.textContent).toContain('证号JK100034567890');
    expect(card.textContent).toContain('有效期2030-05-13 至 2031-05-12');
    expect(card.textContent).not.toContain('已过期');
    expect(screen.getByRole('heading', { name: '合格' })).toBeTruthy();
    const table = screen.getByRole('table', { name: '体检项目' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['内科检查未见异常合格', '皮肤检查未见异常合格', '戊型肝炎抗体IgM阴性合格']);
    expect(screen.getByLabelText('报告信息').textContent).toContain('主检医生陈慧');
    expect(screen.getByLabelText('报告信息').textContent).toContain('体检号');
  });

  it('marks a failed item and says no certificate was issued', async () => {
    ctx.service.reports = [
      certificate({
        healthCertificate: {
          certificateNo: null,
          category: '公共场所',
          items: [ITEMS[0], { name: '皮肤检查', result: '手部化脓性皮肤病', qualified: false }],
          conclusion: 'UNQUALIFIED',
          validFrom: null,
          validUntil: null,
        },
      }),
    ];
    detail('H10001234567890');
    const card = await screen.findByLabelText('健康证', { selector: 'dl' });
    expect(card.textContent).toContain('结论不合格');
    expect(card.textContent).toContain('证号未发证');
    expect(card.textContent).toContain('有效期未发证');
    expect(screen.getByRole('heading', { name: '不合格' })).toBeTruthy();
    const failed = within(screen.getByRole('table', { name: '体检项目' })).getAllByRole('row')[2];
    expect(failed.getAttribute('data-abnormal')).not.toBeNull();
    expect(failed.textContent).toBe('皮肤检查手部化脓性皮肤病不合格');
  });

  it('says when a certificate has expired', async () => {
    ctx.service.reports = [
      certificate({
        healthCertificate: {
          certificateNo: 'JK1000000002',
          category: '食品生产经营',
          items: ITEMS,
          conclusion: 'QUALIFIED',
          validFrom: '2020-01-01',
          validUntil: '2020-12-31',
        },
      }),
    ];
    detail('H10001234567890');
    const card = await screen.findByLabelText('健康证', { selector: 'dl' });
    expect(card.textContent).toContain('有效期2020-01-01 至 2020-12-31（已过期，请及时复检）');
  });
});
