import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodiesOf, harness, makeVisit } from '../testing.tsx';
import RecordHomePage from './RecordHomePage.tsx';
import VisitDetailPage from './VisitDetailPage.tsx';

const ctx = setupFeature(harness);
const open = () =>
  renderAt(
    {
      '/patientRecord': <RecordHomePage />,
      '/patientRecord/recordDetail/:type/:patientId/:recordId/:otherId/:contactId': <VisitDetailPage />,
    },
    '/patientRecord',
  );

describe('RecordHomePage', () => {
  it('lists the default contact’s visits and opens one: record, prescriptions, reports', async () => {
    ctx.service.visits = [
      makeVisit(),
      makeVisit({
        visitNo: 'ZY1',
        type: 'INPATIENT',
        date: '2030-01-02',
        endDate: '2030-01-09',
        departmentName: '呼吸内科',
        diagnosis: '社区获得性肺炎',
      }),
    ];
    const router = open();
    const list = await screen.findByRole('list', { name: '就诊记录' });
    const rows = within(list).getAllByRole('link');
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain('门诊');
    expect(rows[0].textContent).toContain('诊断：2型糖尿病');
    expect(rows[1].textContent).toContain('2030-01-02 至 2030-01-09住院');
    expect(bodiesOf(ctx.server, '/v1/patient/visits/1000')).toEqual([{ contactId: '1' }]);
    expect(screen.getByRole('link', { name: '检验检查申请单' }).getAttribute('href')).toBe(
      '/reportApply/reportList/P100012345678/1',
    );

    fireEvent.click(rows[0]);
    expect(router.state.location.pathname).toBe(
      '/patientRecord/recordDetail/1/P100012345678/MZ10001234567890/1000/1',
    );
    expect(await screen.findByRole('region', { name: '主诉' })).toBeTruthy();
    expect(screen.getByRole('list', { name: '处方药品' }).textContent).toContain(
      '盐酸二甲双胍缓释片（0.5g×30片）：0.5g，口服，每日2次',
    );
    expect(screen.getByRole('link', { name: '查看处方详情' }).getAttribute('href')).toBe(
      '/patientRecord/recordDetail/recipeList/1?hospitalId=1000&contactId=1&visitNo=MZ10001234567890',
    );
    expect(
      within(screen.getByRole('list', { name: '本次就诊的报告' }))
        .getAllByRole('link')[0]
        .getAttribute('href'),
    ).toBe('/patientRecord/reportDetail/lab/ready/L10001234567890');
    expect(document.body.textContent).not.toContain('张伟');
  });

  it('offers how to file a record when the hospital has none', async () => {
    ctx.service.filed = false;
    open();
    expect(await screen.findByText('该就诊人在本院暂无档案')).toBeTruthy();
    expect(screen.getByRole('link', { name: '了解如何建档' }).getAttribute('href')).toBe(
      '/noFile/patientRecord?contactId=1',
    );
  });

  it('asks to verify a contact not proven for the hospital’s data, without asking the service', async () => {
    open();
    await screen.findByRole('list', { name: '就诊记录' });
    fireEvent.click(screen.getByRole('radio', { name: /^王/ }));
    expect(await screen.findByText('请先验证就诊人身份')).toBeTruthy();
    expect(bodiesOf(ctx.server, '/v1/patient/visits/1000')).toEqual([{ contactId: '1' }]);
  });
});
