import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodiesOf, harness } from '../testing.tsx';
import ExamDetailPage from './ExamDetailPage.tsx';
import SearchExamPage from './SearchExamPage.tsx';

const ctx = setupFeature(harness);
const routes = { '/searchMedicalReport': <SearchExamPage />, '/medicalReportDetail': <ExamDetailPage /> };

describe('physical-exam reports', () => {
  it('opens a contact’s exam: summary and findings first, then the sections with abnormal items marked', async () => {
    renderAt(routes, '/medicalReportDetail?examNo=TJ100012345678&contactId=1');
    expect(await screen.findByText(/本次体检发现2项异常/)).toBeTruthy();
    const findings = screen.getByRole('list', { name: '异常结果及建议' });
    expect(
      within(findings)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('strong')?.textContent),
    ).toEqual(['空腹血糖升高', '超重']);
    const general = screen.getByRole('region', { name: '一般检查' });
    const rows = within(general).getAllByRole('row').slice(1);
    expect(rows[0].textContent).toContain('25.1 ↑偏高');
    expect(general.textContent).toContain('小结：体重指数偏高');
    // The summary comes before the sections.
    const text = document.body.textContent ?? '';
    expect(text.indexOf('总检结论')).toBeLessThan(text.indexOf('一般检查'));
    expect(text).not.toContain('张伟');
    expect(bodiesOf(ctx.server, '/v1/medical-examination/report/TJ100012345678/')).toEqual([
      { hospitalId: '1000' },
    ]);

    fireEvent.click(screen.getByRole('button', { name: '查看及下载报告单' }));
    expect(await screen.findByRole('img', { name: '年度健康体检报告 第1页' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '下载第1页' }).getAttribute('download')).toBe(
      '年度健康体检报告-第1页.svg',
    );
  });

  it('finds an exam by number and name, saying each field’s mistake first', async () => {
    const router = renderAt(routes, '/searchMedicalReport');
    fireEvent.click(screen.getByRole('button', { name: '查询体检报告' }));
    expect(screen.getByText('请输入体检号')).toBeTruthy();
    expect(screen.getByText('请输入体检人姓名')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('体检号'), { target: { value: 'TJ<1>' } });
    fireEvent.change(screen.getByLabelText('体检人姓名'), { target: { value: '张伟' } });
    fireEvent.click(screen.getByRole('button', { name: '查询体检报告' }));
    expect(screen.getByText('体检号应为6-32位字母或数字')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/searchMedicalReport');
    fireEvent.change(screen.getByLabelText('体检号'), { target: { value: 'TJ100012345678' } });
    fireEvent.click(screen.getByRole('button', { name: '查询体检报告' }));
    expect(await screen.findByText(/本次体检发现2项异常/)).toBeTruthy();
    expect(router.state.location.search).toBe('?examNo=TJ100012345678');
  });

  it('says so when the number and name match no exam of the account', async () => {
    renderAt(routes, '/medicalReportDetail?examNo=TJ999999999999&contactId=1');
    expect(await screen.findByText('体检报告加载失败')).toBeTruthy();
  });
});
