import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesOf, bodyShows, fail, harness, pause } from '../testing.tsx';
import ApplyPage from './ApplyPage.tsx';
import SuccessPage from './SuccessPage.tsx';

const ctx = setupFeature(harness);
const routes = {
  '/patientCareCard/apply': <ApplyPage />,
  '/patientCareCard/success/:id': <SuccessPage />,
};

const VALID_ID = '110105198001010016';

/** Types into a field by its label at once (typing key by key is slow on a busy machine). */
async function enter(label: string, value: string) {
  const field = screen.getByLabelText(label);
  await userEvent.click(field);
  await userEvent.paste(value);
}

async function fillIn() {
  await enter('姓名', '王小明');
  await enter('身份证号', VALID_ID);
  await enter('手机号', '13912345678');
  await act(async () => screen.getByRole('radio', { name: '子女' }).click());
  const first = screen.getByRole('group', { name: '1. 近14天内是否有发热？' });
  await act(async () => within(first).getByRole('radio', { name: '否' }).click());
  const second = screen.getByRole('group', { name: '2. 身体状况是否能胜任陪护工作？' });
  await act(async () => within(second).getByRole('radio', { name: '是' }).click());
  await act(async () => screen.getByRole('checkbox').click());
}

describe('ApplyPage', () => {
  it('checks every field beside it in Chinese, sends the application and shows the result', async () => {
    const router = renderAt(routes, '/patientCareCard/apply');
    await screen.findByText('每位住院患者原则上限一名固定陪护人。');
    // The only inpatient is chosen already, masked.
    const patient = screen.getByRole('radio', { name: /张\* · 心血管内科/ }) as HTMLInputElement;
    expect(patient.checked).toBe(true);
    await act(async () => screen.getByRole('button', { name: '提交申请' }).click());
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual([
      '请填写陪护人姓名',
      '请填写陪护人身份证号',
      expect.stringContaining('手机号'),
      '请选择与患者关系',
      '请回答全部健康申报问题',
      '请阅读并勾选承诺',
    ]);
    await enter('身份证号', '110105198001010010');
    await act(async () => screen.getByRole('button', { name: '提交申请' }).click());
    expect(screen.getByLabelText('身份证号').getAttribute('aria-describedby')).toBe('cc-idCard-error');
    expect(document.getElementById('cc-idCard-error')?.textContent).toMatch(/身份证/);
    await userEvent.clear(screen.getByLabelText('身份证号'));
    // A child (born 2020-01-01) may not accompany.
    await enter('身份证号', '110105202001010015');
    await act(async () => screen.getByRole('button', { name: '提交申请' }).click());
    expect(document.getElementById('cc-idCard-error')?.textContent).toBe('陪护人须年满18周岁');
    await userEvent.clear(screen.getByLabelText('身份证号'));
    await fillIn();
    await act(async () => screen.getByRole('button', { name: '提交申请' }).click());
    await pause();
    expect(bodiesOf(ctx.server, 'POST /v1/chaperonage/addChaperonageInfo')).toEqual([
      {
        hospitalId: '1000',
        stayId: '31',
        companionName: '王小明',
        companionIdCard: VALID_ID,
        companionPhone: '13912345678',
        relation: 'CHILD',
        answers: [
          { code: 'FEVER', answer: false },
          { code: 'HEALTHY', answer: true },
        ],
        promised: true,
      },
    ]);
    expect(router.state.location.pathname).toBe('/patientCareCard/success/9');
    await bodyShows('申请已提交');
    expect(document.body.textContent).toContain('王** 陪护 张*');
  }, 30_000);

  it('shows the service’s refusal above the button and stays on the form', async () => {
    renderAt(routes, '/patientCareCard/apply');
    await screen.findByText('每位住院患者原则上限一名固定陪护人。');
    ctx.service.override(
      'POST /v1/chaperonage/addChaperonageInfo',
      fail(409, '不能重复申请', '该陪护人本次住院已有审核中或已生效的陪护证，不能重复申请'),
    );
    await fillIn();
    await act(async () => screen.getByRole('button', { name: '提交申请' }).click());
    await bodyShows('该陪护人本次住院已有审核中或已生效的陪护证');
    expect((screen.getByRole('button', { name: '提交申请' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says so when no contact is in hospital', async () => {
    ctx.service.inpatients = [];
    renderAt(routes, '/patientCareCard/apply');
    await bodyShows('您的就诊人中暂无正在住院的患者');
  });

  it('offers a retry when loading fails', async () => {
    ctx.service.override('GET /v1/chaperonage/declaration', {
      status: 500,
      body: { state: 500, msg: '服务异常' },
    });
    renderAt(routes, '/patientCareCard/apply');
    await bodyShows('申请信息加载失败');
    ctx.service.overrides.clear();
    await act(async () => screen.getByRole('button', { name: '重新加载' }).click());
    await screen.findByText('每位住院患者原则上限一名固定陪护人。');
  });
});
