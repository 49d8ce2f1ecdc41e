import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodiesOf, harness } from '../testing.tsx';
import FollowUpDetailPage from './FollowUpDetailPage.tsx';
import FollowUpListPage from './FollowUpListPage.tsx';

const ctx = setupFeature(harness);
const routes = {
  '/patientRecord/followUpList/:patientId/:recordId/:otherId': <FollowUpListPage />,
  '/patientRecord/followUpDetail/:status/:scaleId': <FollowUpDetailPage />,
};

/** Clicks the confirm dialog's button (react-vant renders it outside the screen). */
async function confirmDialog(text: string) {
  const button = await screen.findByRole('button', { name: text });
  fireEvent.click(button);
}

describe('a visit’s follow-ups', () => {
  it('lists the visit’s follow-ups with their status and opens one; answers it once after a confirm', async () => {
    renderAt(routes, '/patientRecord/followUpList/P100012345678/MZ10001234567890/1000?contactId=1');
    const link = await screen.findByRole('link', { name: /门诊诊后随访/ });
    expect(link.textContent).toContain('待完成');
    expect(link.getAttribute('href')).toBe(
      '/patientRecord/followUpDetail/todo/SF000000000001?visitNo=MZ10001234567890',
    );
    expect(bodiesOf(ctx.server, '/v1/patient/followUpList/1000')).toEqual([
      { contactId: '1', visitNo: 'MZ10001234567890' },
    ]);
    fireEvent.click(link);
    expect(await screen.findByText('1. 与就诊时相比，您目前的症状')).toBeTruthy();
    expect(document.body.textContent).toContain('张*');
    expect(document.body.textContent).not.toContain('张伟');

    // A required question left empty: named, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect((await screen.findByRole('alert')).textContent).toBe('请回答第1题：与就诊时相比，您目前的症状');
    expect(bodiesOf(ctx.server, '/v1/patient/save')).toEqual([]);

    fireEvent.click(screen.getByRole('radio', { name: '有所好转' }));
    fireEvent.change(screen.getByRole('textbox', { name: '其他想告诉医生的情况（选填）' }), {
      target: { value: '血糖平稳' },
    });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await confirmDialog('确定提交');
    await waitFor(() =>
      expect(bodiesOf(ctx.server, '/v1/patient/save')).toEqual([
        {
          inhospitalId: 'MZ10001234567890',
          taskId: 'SF000000000001',
          answers: { q1: ['better'], q2: ['血糖平稳'] },
        },
      ]),
    );
    // Answered: read-only, no second submit.
    expect(await screen.findByText(/答案不可修改/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '提交' })).toBeNull();
    expect((screen.getByRole('radio', { name: '有所好转' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: '有所好转' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('shows an answered questionnaire read-only with its answers', async () => {
    ctx.service.tasks[0] = {
      ...ctx.service.tasks[0],
      status: 'DONE',
      doneAt: '2030-05-11T02:00:00.000Z',
      answers: { q1: ['worse'], q2: ['夜里口渴'] },
    };
    renderAt(routes, '/patientRecord/followUpDetail/done/SF000000000001?visitNo=MZ10001234567890');
    expect(await screen.findByText(/已于 2030-05-11 10:00 提交/)).toBeTruthy();
    expect((screen.getByRole('radio', { name: '加重' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('夜里口渴');
    expect(screen.queryByRole('button', { name: '提交' })).toBeNull();
  });

  it('says a bad link and another account’s task plainly', async () => {
    renderAt(routes, '/patientRecord/followUpDetail/todo/SF000000000099?visitNo=MZ10001234567890');
    expect(await screen.findByText(/未找到该随访/)).toBeTruthy();
  });
});
