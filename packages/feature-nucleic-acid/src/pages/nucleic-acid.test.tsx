import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerDialog, bodiesOf, harness, makeOrder, REPORTED, sent } from '../testing.tsx';
import NucleicAcidDetailPage from './NucleicAcidDetailPage.tsx';
import NucleicAcidIndexPage from './NucleicAcidIndexPage.tsx';
import NucleicAcidListPage, { PAGE_SIZE } from './NucleicAcidListPage.tsx';
import NucleicAcidOrderPage from './NucleicAcidOrderPage.tsx';
import NucleicAcidSuccessPage from './NucleicAcidSuccessPage.tsx';

const ctx = setupFeature(harness);

/** Answers the health declaration's questions in order (是/否) and confirms it. */
async function declare(answers: ('是' | '否')[]) {
  const form = await screen.findByRole('region', { name: '健康申报' });
  const questions = within(within(form).getByRole('list', { name: '问题' })).getAllByRole('listitem');
  for (const [i, answer] of answers.entries()) {
    await userEvent.click(within(questions[i]).getByRole('radio', { name: answer }));
  }
  await answerDialog(() => within(form).getByRole('button', { name: '确认申报' }).click(), '确定提交');
  await within(form).findByRole('button', { name: '修改健康申报' });
}

/** To the summary of a single test for 本人. */
async function toSummary() {
  renderAt(routes, '/nucleicAcidOrder/single');
  await userEvent.click(
    await screen.findByRole('checkbox', { name: '我已阅读并同意检测须知' }, { timeout: 5000 }),
  );
  await userEvent.click(screen.getByRole('button', { name: '下一步' }));
  await screen.findByLabelText('确认预约信息');
}
const routes = {
  '/nucleicAcidIndex': <NucleicAcidIndexPage />,
  '/nucleicAcidOrder/:type': <NucleicAcidOrderPage />,
  '/nucleicAcidSuccess/:orderId': <NucleicAcidSuccessPage />,
  '/nucleicAcidList': <NucleicAcidListPage />,
  '/nucleicAcidDetail/:orderId': <NucleicAcidDetailPage />,
};

describe('核酸检测 index', () => {
  it('offers both types with price, each to its booking; the place and notices', async () => {
    const router = renderAt(routes, '/nucleicAcidIndex');
    const types = await screen.findByRole('list', { name: '检测类型' }, { timeout: 5000 });
    const links = within(types).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      expect.stringContaining('单人单管¥16.00'),
      expect.stringContaining('多人混管（10合1）¥3.50'),
    ]);
    expect(screen.getByLabelText('采样信息').textContent).toContain('核酸采样点');
    expect(screen.getByRole('region', { name: '检测须知' }).textContent).toContain('采样前2小时请勿进食');
    await userEvent.click(links[1]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/nucleicAcidOrder/mixed'));
  });

  it('offers a retry when the offer cannot be loaded', async () => {
    ctx.service.override('GET /v1/natOrder/items', { status: 500, body: { state: 500, msg: '服务器异常' } });
    renderAt(routes, '/nucleicAcidIndex');
    expect(await screen.findByText('检测项目加载失败', undefined, { timeout: 5000 })).toBeTruthy();
    ctx.service.overrides.clear();
    await userEvent.click(screen.getByRole('button', { name: /重试|重新加载/ }));
    expect(await screen.findByRole('list', { name: '检测类型' })).toBeTruthy();
  });
});

describe('核酸检测预约', () => {
  it('for another contact: accept the notices, pre-commit (summary), then order and pay at the cashier', async () => {
    renderAt(routes, '/nucleicAcidOrder/single');
    const next = await screen.findByRole('button', { name: '下一步' }, { timeout: 5000 });
    expect(next).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('radio', { name: /李\*\*/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: '我已阅读并同意检测须知' }));
    await userEvent.click(next);
    const summary = await screen.findByLabelText('确认预约信息');
    expect(summary.textContent).toContain('李*');
    expect(summary.textContent).toContain('¥16.00');
    expect(bodiesOf(ctx.server, 'POST /v1/natOrder/preCommit')).toEqual([
      { hospitalId: '1000', contactId: '2', type: 'SINGLE' },
    ]);
    expect(sent(ctx.server)).not.toContain('POST /v1/natOrder');
    await declare(['否', '否']);
    await userEvent.click(screen.getByRole('button', { name: '确认支付' }));
    await waitFor(() => expect(ctx.redirects).toEqual(['http://cashier.test/pay/77']));
    expect(bodiesOf(ctx.server, 'POST /v1/natOrder')).toEqual([
      {
        hospitalId: '1000',
        contactId: '2',
        type: 'SINGLE',
        health: [
          { code: 'SYMPTOMS', answer: false },
          { code: 'TRAVEL', answer: false },
        ],
      },
    ]);
    expect(sent(ctx.server)).toContain('GET /v1/natOrder/check');
    expect(bodiesOf(ctx.server, 'POST /v1/pay_orders/js_pay')).toEqual([
      expect.objectContaining({
        orderType: 'NUCLEIC_ACID',
        orderId: '9',
        returnPath: '/nucleicAcidSuccess/9',
      }),
    ]);
  });

  it('asks for the health declaration before paying: every question answered, then confirmed', async () => {
    await toSummary();
    const form = screen.getByRole('region', { name: '健康申报' });
    expect(form.textContent).toContain('请如实填写健康申报');
    const items = within(within(form).getByRole('list', { name: '问题' })).getAllByRole('listitem');
    expect(items.map((g) => g.querySelector('legend')?.textContent)).toEqual([
      '1. 近14天内是否有发热、干咳等症状？ *（必答）',
      '2. 近14天内是否有中高风险地区旅居史？ *（必答）',
    ]);
    const pay = screen.getByRole('button', { name: '请先完成健康申报' });
    expect(pay).toHaveProperty('disabled', true);
    await userEvent.click(within(form).getAllByRole('radio', { name: '否' })[0]);
    await userEvent.click(within(form).getByRole('button', { name: '确认申报' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      '请回答第2题：近14天内是否有中高风险地区旅居史？',
    );
    expect(sent(ctx.server)).not.toContain('POST /v1/natOrder');
    await userEvent.click(within(form).getAllByRole('radio', { name: '否' })[1]);
    await answerDialog(() => within(form).getByRole('button', { name: '确认申报' }).click(), '确定提交');
    // Declared: shown as answered, changeable, and the payment is offered.
    await within(form).findByRole('button', { name: '修改健康申报' });
    expect(screen.getByRole('button', { name: '确认支付' })).toHaveProperty('disabled', false);
    await userEvent.click(within(form).getByRole('button', { name: '修改健康申报' }));
    expect(screen.getByRole('button', { name: '请先完成健康申报' })).toHaveProperty('disabled', true);
  });

  it('does not pay when the declaration does not pass: the unpaid order is cancelled and the patient told where to go', async () => {
    await toSummary();
    await declare(['否', '是']);
    await userEvent.click(screen.getByRole('button', { name: '确认支付' }));
    const alert = await screen.findByText(/健康申报未通过/);
    expect(alert.textContent).toBe(
      '健康申报未通过，不能在线预约：近14天内是否有中高风险地区旅居史？。健康申报有异常情况，请到发热门诊采样检测',
    );
    expect(sent(ctx.server)).toContain('GET /v1/natOrder/check');
    expect(sent(ctx.server)).toContain('DELETE /v1/natOrder/1000/9');
    expect(sent(ctx.server)).not.toContain('POST /v1/pay_orders/js_pay');
    expect(ctx.redirects).toEqual([]);
    expect(ctx.service.orders[0].status).toBe('CANCEL');
    // The declaration is asked again.
    expect(screen.getByRole('button', { name: '请先完成健康申报' })).toBeTruthy();
  });

  it('where the hospital asks no questions: no declaration, no check, straight to paying', async () => {
    ctx.service.healthQuestions = { questions: [], notice: '' };
    ctx.service.nextOrderId = '10';
    await toSummary();
    expect(screen.queryByRole('region', { name: '健康申报' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '确认支付' }));
    await waitFor(() => expect(ctx.redirects).toEqual(['http://cashier.test/pay/77']), { timeout: 5000 });
    expect(bodiesOf(ctx.server, 'POST /v1/natOrder')).toEqual([
      { hospitalId: '1000', contactId: '1', type: 'SINGLE' },
    ]);
    expect(sent(ctx.server)).not.toContain('GET /v1/natOrder/check');
  });

  it('shows why pre-commit was refused and makes no order', async () => {
    ctx.service.override('POST /v1/natOrder/preCommit', {
      body: { state: 400, msg: '已有未完成的预约', subMsg: '该就诊人已有待支付或待采样的核酸检测预约' },
    });
    renderAt(routes, '/nucleicAcidOrder/mixed');
    await userEvent.click(
      await screen.findByRole('checkbox', { name: '我已阅读并同意检测须知' }, { timeout: 5000 }),
    );
    await userEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect((await screen.findByRole('alert')).textContent).toContain('已有');
    expect(screen.queryByRole('button', { name: '确认支付' })).toBeNull();
    expect(sent(ctx.server)).not.toContain('POST /v1/natOrder');
  });

  it('says a bad type is bad and sends nothing', async () => {
    renderAt(routes, '/nucleicAcidOrder/triple');
    expect(await screen.findByText('检测类型无效')).toBeTruthy();
    expect(sent(ctx.server)).toEqual([]);
  });
});

describe('success, list and detail', () => {
  it('shows the QR code to show at the sampling point after paying', async () => {
    ctx.service.orders = [makeOrder()];
    renderAt(routes, '/nucleicAcidSuccess/5');
    expect(await screen.findByRole('heading', { name: '预约成功' }, { timeout: 5000 })).toBeTruthy();
    const code = screen.getByRole('region', { name: '采样二维码' });
    expect(within(code).getByRole('img', { name: '核酸检测采样二维码' }).dataset.value).toBe(
      'NAT10000000000005',
    );
    expect(code.textContent).toContain('有效期至 2030-05-13 09:00');
  });

  it('lists the tests newest first with their status; loads more; none: the way to book', async () => {
    ctx.service.orders = [
      REPORTED,
      ...Array.from({ length: PAGE_SIZE + 2 }, (_, i) => makeOrder({ orderId: String(100 + i) })),
    ];
    renderAt(routes, '/nucleicAcidList');
    const list = await screen.findByRole('list', { name: '我的核酸检测' }, { timeout: 5000 });
    expect(within(list).getAllByRole('link')).toHaveLength(PAGE_SIZE);
    expect(within(list).getAllByRole('link')[0].textContent).toContain('阳性');
    expect(within(list).getAllByRole('link')[1].textContent).toContain('待采样');
    await userEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(PAGE_SIZE + 3));
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
  });

  it('shows an empty list with the way to book', async () => {
    renderAt(routes, '/nucleicAcidList');
    expect(await screen.findByText('暂无核酸检测记录', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: '预约核酸检测' })).toBeTruthy();
  });

  it('shows the health declaration made with the order, an answer that needs the fever clinic marked', async () => {
    ctx.service.orders = [makeOrder()];
    ctx.service.health.set('5', [
      { code: 'SYMPTOMS', text: '近14天内是否有发热、干咳等症状？', answer: false, flagged: false },
      { code: 'TRAVEL', text: '近14天内是否有中高风险地区旅居史？', answer: true, flagged: true },
    ]);
    renderAt(routes, '/nucleicAcidDetail/5');
    const declaration = await screen.findByRole('region', { name: '健康申报' }, { timeout: 5000 });
    expect(
      within(declaration)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['近14天内是否有发热、干咳等症状？否', '近14天内是否有中高风险地区旅居史？是（需到发热门诊）']);
    expect(ctx.server.received.find((r) => r.path.endsWith('/orderHealth/list'))?.query.get('orderId')).toBe(
      '5',
    );
  });

  it('shows no declaration for an order made without one', async () => {
    ctx.service.orders = [makeOrder()];
    renderAt(routes, '/nucleicAcidDetail/5');
    await screen.findByLabelText('订单信息', undefined, { timeout: 5000 });
    await waitFor(() => expect(sent(ctx.server)).toContain('GET /v1/natOrder/orderHealth/list'));
    expect(screen.queryByRole('region', { name: '健康申报' })).toBeNull();
  });

  it('shows the result with each gene target, the positive one marked', async () => {
    ctx.service.orders = [REPORTED];
    renderAt(routes, '/nucleicAcidDetail/6');
    const result = await screen.findByRole('region', { name: '检测结果' }, { timeout: 5000 });
    const cells = within(result).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual([
      '新型冠状病毒 ORF1ab 基因',
      '阳性（+）',
      '26.1',
      '新型冠状病毒 N 基因',
      '阴性（-）',
      '—',
    ]);
    expect(cells[1].dataset.flag).toBe('POSITIVE');
    expect(screen.getByRole('region', { name: '订单状态' }).textContent).toContain('阳性');
    expect(screen.queryByRole('region', { name: '采样二维码' })).toBeNull();
    expect(screen.queryByRole('button', { name: '取消预约' })).toBeNull();
  });

  it('cancels a paid test after a confirm: refund; keeping it sends nothing', async () => {
    ctx.service.orders = [makeOrder()];
    renderAt(routes, '/nucleicAcidDetail/5');
    const cancel = await screen.findByRole('button', { name: '取消预约' }, { timeout: 5000 });
    expect(screen.getByRole('region', { name: '采样二维码' })).toBeTruthy();
    await answerDialog(() => cancel.click(), '再想想');
    expect(sent(ctx.server)).not.toContain('POST /v1/natOrder/refund/5');
    const text = await answerDialog(() => cancel.click(), '取消预约');
    expect(text).toContain('¥16.00将原路退回');
    await waitFor(() =>
      expect(screen.getByRole('region', { name: '订单状态' }).textContent).toContain('已取消'),
    );
    expect(screen.getByLabelText('订单信息').textContent).toContain('¥16.00（退款中）');
    expect(screen.queryByRole('region', { name: '采样二维码' })).toBeNull();
    expect(sent(ctx.server)).toContain('POST /v1/natOrder/refund/5');
  });

  it('pays an unpaid test from its detail', async () => {
    ctx.service.orders = [makeOrder({ status: 'NO_PAY', qrCode: null, paidAt: null, canPay: true })];
    renderAt(routes, '/nucleicAcidDetail/5');
    await userEvent.click(await screen.findByRole('button', { name: '去支付 ¥16.00' }, { timeout: 5000 }));
    await waitFor(() => expect(ctx.redirects).toEqual(['http://cashier.test/pay/77']));
    expect(bodiesOf(ctx.server, 'POST /v1/pay_orders/js_pay')).toEqual([
      expect.objectContaining({ orderType: 'NUCLEIC_ACID', orderId: '5' }),
    ]);
  });

  it('cancels an unpaid test by DELETE after a confirm', async () => {
    ctx.service.orders = [makeOrder({ status: 'NO_PAY', qrCode: null, paidAt: null, canPay: true })];
    renderAt(routes, '/nucleicAcidDetail/5');
    const cancel = await screen.findByRole('button', { name: '取消预约' }, { timeout: 5000 });
    const text = await answerDialog(() => cancel.click(), '取消预约');
    expect(text).toContain('确定取消这次核酸检测预约吗？');
    await waitFor(() => expect(sent(ctx.server)).toContain('DELETE /v1/natOrder/1000/5'));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: '订单状态' }).textContent).toContain('已取消'),
    );
    expect(screen.queryByRole('button', { name: /去支付/ })).toBeNull();
  });

  it('says a bad link is bad and sends nothing', async () => {
    renderAt(routes, '/nucleicAcidDetail/a$b');
    expect(await screen.findByText('链接无效')).toBeTruthy();
    expect(sent(ctx.server)).toEqual([]);
  });
});
