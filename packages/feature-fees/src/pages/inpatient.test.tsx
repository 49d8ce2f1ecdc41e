import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesOf, harness, makeStay, sent } from '../testing.tsx';
import InpatientManagePage from './InpatientManagePage.tsx';
import RechargePage from './RechargePage.tsx';

const ctx = setupFeature(harness);
const routes = {
  '/inpatientFee/manage': <InpatientManagePage />,
  '/inpatientFee/rechargeFee/:contactId': <RechargePage />,
};

describe('我的住院', () => {
  it('shows the stay: ward and bed, deposit, cost, balance and the low-balance warning', async () => {
    renderAt(routes, '/inpatientFee/manage');
    const money = await screen.findByRole('region', { name: '住院费用概况' });
    expect(money.textContent).toContain('¥1500.00');
    expect(money.textContent).toContain('¥1400.00');
    expect(money.textContent).toContain('¥100.00');
    expect(screen.getByRole('alert').textContent).toContain('预交金余额不足 ¥1000.00');
    expect(screen.getByLabelText('住院信息').textContent).toContain('心血管内科一病区 12床');
    expect(screen.getByRole('link', { name: '押金充值' }).getAttribute('href')).toBe(
      '/inpatientFee/rechargeFee/1?inpatientId=5',
    );
  });

  it('says when the contact is not in hospital', async () => {
    ctx.service.stays = [makeStay({ status: 'SETTLED', dischargedOn: '2030-04-01', lowBalance: false })];
    renderAt(routes, '/inpatientFee/manage');
    expect(await screen.findByText('该就诊人暂无在院记录')).toBeTruthy();
  });

  it('checks the ID card of the discharged-stay search before leaving', async () => {
    const router = renderAt(routes, '/inpatientFee/manage');
    const form = await screen.findByRole('form', { name: '出院记录查询' });
    await userEvent.type(screen.getByLabelText('住院人姓名'), '张伟');
    await userEvent.type(screen.getByLabelText('身份证号'), '110105198503152314');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(form.textContent).toContain('请输入正确的身份证号');
    await userEvent.clear(screen.getByLabelText('身份证号'));
    await userEvent.type(screen.getByLabelText('身份证号'), '110105198503152313');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(decodeURIComponent(router.state.location.pathname)).toBe(
        '/inpatientFee/inpatientOutFee/110105198503152313/张伟',
      ),
    );
  });
});

describe('押金充值', () => {
  it('says beside the field why a custom amount is wrong and sends nothing', async () => {
    renderAt(routes, '/inpatientFee/rechargeFee/1');
    await userEvent.click(await screen.findByText('其他金额'));
    const field = screen.getByLabelText('其他金额（元）');
    for (const [typed, message] of [
      ['', '请输入充值金额'],
      ['0', '充值金额必须大于0'],
      ['-10', '充值金额必须大于0'],
      ['150.555', '金额最多两位小数'],
      ['60000', '单次充值不能超过 50000 元'],
    ]) {
      await userEvent.clear(field);
      if (typed) await userEvent.type(field, typed);
      await userEvent.click(screen.getByRole('button', { name: '立即充值' }));
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        message,
      );
    }
    expect(sent(ctx.server).filter((l) => l.includes('advancePayment'))).toEqual([]);
  });

  it('takes a suggested amount and pays it through the payment module', async () => {
    renderAt(routes, '/inpatientFee/rechargeFee/1');
    await userEvent.click(await screen.findByText('¥2000.00'));
    await userEvent.click(screen.getByRole('button', { name: '立即充值' }));
    await waitFor(() => expect(ctx.redirects).toEqual(['http://cashier.test/pay/77']));
    expect(bodiesOf(ctx.server, 'POST /v1/inpatient/advancePayment')).toEqual([
      { inpatientId: '5', amount: 200_000 },
    ]);
    expect(bodiesOf(ctx.server, 'POST /v1/pay_orders/js_pay')).toEqual([
      expect.objectContaining({ orderType: 'INPATIENT_DEPOSIT', orderId: '31' }),
    ]);
  });
});
