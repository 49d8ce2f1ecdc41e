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
    await userEvent.click(screen.getByRole('button', { name: '确认支付' }));
    await waitFor(() => expect(ctx.redirects).toEqual(['http://cashier.test/pay/77']));
    expect(bodiesOf(ctx.server, 'POST /v1/natOrder')).toEqual([
      { hospitalId: '1000', contactId: '2', type: 'SINGLE' },
    ]);
    expect(bodiesOf(ctx.server, 'POST /v1/pay_orders/js_pay')).toEqual([
      expect.objectContaining({
        orderType: 'NUCLEIC_ACID',
        orderId: '9',
        returnPath: '/nucleicAcidSuccess/9',
      }),
    ]);
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
