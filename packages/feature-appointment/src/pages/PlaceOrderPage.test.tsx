import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dateTime } from '../orders/format.ts';
import {
  bodiesOf,
  bodyShows,
  harness,
  ID_ZHANG,
  makeCard,
  makeContact,
  makeOrder,
  pause,
  pendingPayment,
  sent,
  setContacts,
} from '../orders/testing.tsx';
import PlaceOrderPage, { PLACE_ORDER_MESSAGES, preselectedCard } from './PlaceOrderPage.tsx';

const ctx = setupFeature(harness);
const PATTERN = '/placeOrder/:orderId';

const family = () => [
  makeContact('1', '张伟', { isDefault: true }),
  makeContact('2', '王秀兰', { relation: 'PARENT' }),
];

function open(order = makeOrder(), search = '') {
  ctx.service.orders.push(order);
  const router = renderAt({ [PATTERN]: <PlaceOrderPage /> }, `/placeOrder/${order.orderId}${search}`);
  return { order, router };
}

/** Requests that change something on the service. */
const changes = () =>
  sent(ctx.server).filter(
    (line) =>
      !/^(GET \/v1\/orders\/|GET \/cardInfo\/|POST \/v1\/orders\/(queryDeptFee|preSettlement)\/|GET \/v1\/pay_orders\/)/.test(
        line,
      ),
  );

const confirmButton = () => screen.getByRole('button', { name: '确认预约并支付' });
/** The confirm button once the fees are shown (it waits for them). */
const readyConfirmButton = () => screen.findByRole('button', { name: '确认预约并支付' });
const radio = (group: string, name: RegExp | string) =>
  within(screen.getByRole('group', { name: group })).getByRole('radio', { name });

describe('PlaceOrderPage', () => {
  it('shows the held slot with its countdown, the default contact and card, and the fees', async () => {
    setContacts(family());
    ctx.service.cards = [
      makeCard('11', '1', '100012345678'),
      makeCard('12', '1', 'YB0123456789', { type: 'INSURANCE_CARD', isDefault: true }),
    ];
    ctx.service.fees = {
      items: [
        { name: '挂号费', amount: 2000 },
        { name: '诊查费', amount: 500 },
      ],
      total: 2500,
      insurancePays: 1000,
      fundPays: 800,
      accountPays: 200,
      selfPays: 1500,
    };
    open();
    await screen.findByText('壹拾伍元整');
    expect(screen.getByRole('timer', { name: '剩余保留时间' }).textContent).toMatch(/剩余 (10:00|09:5\d)/);
    expect(screen.getByText('心血管内科')).toBeTruthy();
    expect(screen.getByText('李明 主任医师')).toBeTruthy();
    expect(screen.getByText('专家门诊')).toBeTruthy();
    expect(screen.getByText('2030-05-14 周二 上午 08:00-08:30')).toBeTruthy();
    expect((radio('选择就诊人', /张\*/) as HTMLInputElement).checked).toBe(true);
    expect((radio('选择就诊人', /王\*\*/) as HTMLInputElement).checked).toBe(false);
    await screen.findByRole('group', { name: '选择就诊卡' });
    expect((radio('选择就诊卡', /医保卡 尾号6789/) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('壹拾伍元整')).toBeTruthy();
    expect(screen.getByText('¥10.00')).toBeTruthy();
    const text = document.body.textContent ?? '';
    for (const secret of ['张伟', '王秀兰', ID_ZHANG, '100012345678']) expect(text).not.toContain(secret);
    expect(
      ctx.server.received.find((r) => r.path.includes('/queryDeptFee/1000'))?.query.toString(),
    ).toContain('hisScheduleId=HIS-S1');
  });

  it('says before paying until when the booking can be cancelled online', async () => {
    setContacts(family());
    open(makeOrder({ cancelDeadline: '2030-05-13T16:00:00.000Z' }));
    await bodyShows(`支付后，${dateTime('2030-05-13T16:00:00.000Z')} 前可在线取消预约并退款`);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('warns before paying when the cancel deadline has already passed', async () => {
    setContacts(family());
    const deadline = new Date(Date.now() - 30 * 60_000).toISOString();
    open(makeOrder({ cancelDeadline: deadline }));
    expect((await screen.findByRole('note')).textContent).toBe(
      `该号源已过取消截止时间（${dateTime(deadline)}），支付后不能在线取消或退号，请确认能按时就诊`,
    );
  });

  it('lets the patient confirm only once the cards are loaded, never saying there are none meanwhile', async () => {
    setContacts(family());
    ctx.service.cards = [makeCard('11', '1', '100012345678', { isDefault: true })];
    const release = ctx.service.hold('GET /cardInfo/w+');
    const { order } = open();
    const waiting = await screen.findByRole('button', { name: '正在加载就诊卡...' });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(waiting);
    await pause();
    expect(screen.queryByRole('alert')).toBeNull();
    release();
    fireEvent.click(await readyConfirmButton());
    await waitFor(() =>
      expect(bodiesOf(ctx.server, `POST /v1/orders/${order.orderId}`)).toEqual([
        { contactId: '1', cardId: '11' },
      ]),
    );
    expect(screen.queryByText(PLACE_ORDER_MESSAGES.noCardYet)).toBeNull();
  });

  it('lets the patient confirm only once the fees are shown', async () => {
    setContacts(family());
    ctx.service.cards = [makeCard('11', '1', '100012345678', { isDefault: true })];
    const release = ctx.service.hold('POST /v1/orders/preSettlement/w+');
    open();
    const waiting = await screen.findByRole('button', { name: '正在计算费用...' });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(waiting);
    await pause();
    expect(changes()).toEqual([]);
    release();
    await waitFor(() => expect((confirmButton() as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends nothing until a card is chosen, then places the order for the chosen contact and card and pays', async () => {
    setContacts(family());
    ctx.service.cards = [
      makeCard('11', '1', '100012345678'),
      makeCard('21', '2', '100087654321', { patientName: '王秀兰' }),
      makeCard('22', '2', '100011112222', { patientName: '王秀兰' }),
    ];
    const { order } = open();
    await screen.findByRole('radio', { name: /就诊卡 尾号5678/ });
    fireEvent.click(radio('选择就诊人', /王\*\*/));
    await screen.findByRole('radio', { name: /尾号4321/ });
    // Two cards, none default: the patient must choose.
    fireEvent.click(confirmButton());
    expect((await screen.findByRole('alert')).textContent).toBe(PLACE_ORDER_MESSAGES.noCard);
    await pause();
    expect(changes()).toEqual([]);

    fireEvent.click(radio('选择就诊卡', /尾号2222/));
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(confirmButton());
    await waitFor(() => expect(ctx.redirects).toHaveLength(1));
    expect(changes()).toEqual([`POST /v1/orders/${order.orderId}`, 'POST /v1/pay_orders/js_pay']);
    expect(bodiesOf(ctx.server, `POST /v1/orders/${order.orderId}`)).toEqual([
      { contactId: '2', cardId: '22' },
    ]);
    expect(bodiesOf(ctx.server, 'POST /v1/pay_orders/js_pay')).toEqual([
      {
        orderType: 'APPOINTMENT',
        orderId: order.orderId,
        channel: 'SANDBOX',
        returnPath: `/placeOrder/${order.orderId}`,
      },
    ]);
    expect(ctx.redirects[0]).toContain(`paymentId=p${order.orderId}`);
    // Only the sandbox is open (development): no choice of how to pay.
    expect(screen.queryByRole('dialog')).toBeNull();
    // Placed: the page shows the order as pending payment while the cashier opens.
    await screen.findByText('待支付');
  });

  const placed = () =>
    makeOrder({
      status: 'PENDING_PAYMENT',
      contactId: '1',
      patientName: '张伟',
      medicalCardNo: '100012345678',
    });

  it('lets the patient choose 微信支付 or 支付宝 in an ordinary browser and opens that provider’s cashier', async () => {
    setContacts(family());
    ctx.service.channels = ['WECHAT_H5', 'ALIPAY_WAP'];
    const { order } = open(placed());
    fireEvent.click(await screen.findByRole('button', { name: '去支付' }));
    const chooser = await screen.findByRole('dialog', { name: '选择支付方式' });
    const options = within(chooser).getAllByRole('button');
    expect(options.map((b) => b.textContent)).toEqual(['微信支付', '支付宝', '取消']);
    expect(document.activeElement).toBe(options[0]);
    const payButton = screen.getByRole('button', { name: '请选择支付方式' }) as HTMLButtonElement;
    expect(payButton.disabled).toBe(true);
    expect(changes()).toEqual([]);

    fireEvent.click(within(chooser).getByRole('button', { name: '支付宝' }));
    await waitFor(() => expect(ctx.redirects).toHaveLength(1));
    expect(ctx.redirects[0]).toMatch(/^https:\/\/openapi\.alipay\.com\/gateway\.do\?/);
    expect(bodiesOf(ctx.server, 'POST /v1/pay_orders/js_pay')).toEqual([
      {
        orderType: 'APPOINTMENT',
        orderId: order.orderId,
        channel: 'ALIPAY_WAP',
        returnPath: `/placeOrder/${order.orderId}`,
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: '正在发起支付...' })).toBeTruthy();
    expect(ctx.server.received.find((r) => r.path.endsWith('/channels'))?.query.toString()).toBe(
      'hospitalId=1000',
    );
  });

  it('offers only what is open, and starts nothing when the patient closes the choice', async () => {
    setContacts(family());
    ctx.service.channels = ['WECHAT_H5', 'SANDBOX'];
    open(placed());
    fireEvent.click(await screen.findByRole('button', { name: '去支付' }));
    const chooser = await screen.findByRole('dialog', { name: '选择支付方式' });
    expect(
      within(chooser)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['微信支付', '取消']);
    fireEvent.click(within(chooser).getByRole('button', { name: '取消' }));
    await bodyShows('已取消支付');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByRole('button', { name: '去支付' }) as HTMLButtonElement).disabled).toBe(false);

    // Escape closes it too.
    fireEvent.click(screen.getByRole('button', { name: '去支付' }));
    fireEvent.keyDown(await screen.findByRole('dialog', { name: '选择支付方式' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await pause();
    expect(changes()).toEqual([]);
    expect(ctx.redirects).toEqual([]);
  });

  it('offers to add a card when the contact has none here, keeping the hold on the way', async () => {
    setContacts(family());
    ctx.service.cards = [makeCard('31', '1', 'OTHER000001', { hospitalId: '1001' })];
    const { order, router } = open();
    await screen.findByText('张*在本院还没有就诊卡，添加后即可预约');
    fireEvent.click(await readyConfirmButton());
    expect((await screen.findByRole('alert')).textContent).toBe(PLACE_ORDER_MESSAGES.noCardYet);
    fireEvent.click(screen.getByRole('button', { name: '添加就诊卡' }));
    expect(router.state.location.pathname).toBe(
      `/addContactCard/1/1000/${ID_ZHANG}/${encodeURIComponent('张伟')}`,
    );
    await pause();
    expect(changes()).toEqual([]);
    expect(ctx.service.order(order.orderId)?.status).toBe('LOCKED');
  });

  it('offers to add a contact when the account has none', async () => {
    setContacts([]);
    const { router } = open();
    await screen.findByText('还没有就诊人，添加后即可预约');
    fireEvent.click(await readyConfirmButton());
    expect((await screen.findByRole('alert')).textContent).toBe(PLACE_ORDER_MESSAGES.noContact);
    fireEvent.click(screen.getByRole('button', { name: '添加就诊人' }));
    expect(router.state.location.pathname).toBe('/contactDetail/new');
    await pause();
    expect(changes()).toEqual([]);
  });

  it('releases the hold when the patient leaves a LOCKED order', async () => {
    setContacts(family());
    const { order, router } = open();
    await screen.findByText('心血管内科');
    await act(() => router.navigate('/schedule/elsewhere'));
    await waitFor(() => expect(changes()).toEqual(['POST /v1/sources/hospitals/1000/unLock']));
    expect(bodiesOf(ctx.server, 'POST /v1/sources/hospitals/1000/unLock')).toEqual([
      { orderId: order.orderId },
    ]);
  });

  it('keeps the hold of a PENDING_PAYMENT order when the patient leaves (the service expires it)', async () => {
    setContacts(family());
    const { router } = open(
      makeOrder({
        status: 'PENDING_PAYMENT',
        contactId: '1',
        patientName: '张伟',
        medicalCardNo: '100012345678',
      }),
    );
    await screen.findByRole('button', { name: '去支付' });
    expect(screen.getByText('张*')).toBeTruthy();
    await act(() => router.navigate('/appointmentList'));
    await pause();
    expect(changes()).toEqual([]);
  });

  it('pays a placed order with insurance: to the authorisation page for the order’s patient, nothing charged', async () => {
    setContacts(family());
    const { order } = open(
      makeOrder({
        status: 'PENDING_PAYMENT',
        contactId: '2',
        patientName: '王秀兰',
        medicalCardNo: '100012345678',
      }),
    );
    await screen.findByRole('button', { name: '去支付' });
    fireEvent.click(radio('选择支付方式', /医保支付/));
    fireEvent.click(screen.getByRole('button', { name: '医保支付' }));
    await waitFor(() => expect(ctx.redirects.length).toBe(1));
    const url = new URL(ctx.redirects[0]);
    expect(url.pathname).toBe('/hospital-service/sandbox/insurance/authorize');
    expect(url.searchParams.get('contactId')).toBe('2');
    expect(url.searchParams.get('returnPath')).toBe(
      `/medicalInsurance/transit?from=appointment&orderId=${order.orderId}`,
    );
    expect(changes()).toEqual(['GET /v1/insurance/authorization']);
  });

  it('says the hold ran out when the countdown ends, and offers another slot', async () => {
    setContacts(family());
    const { order } = open(makeOrder({ holdExpiresAt: new Date(Date.now() + 1500).toISOString() }));
    await screen.findByRole('timer');
    await screen.findByText('号源保留时间已到，本次预约未完成，号源已释放', undefined, { timeout: 5000 });
    expect(screen.getByRole('link', { name: '重新选择时段' }).getAttribute('href')).toBe(
      '/schedule/EXPERT/1000/d11/doc1/XXGNK/s1',
    );
    expect(screen.queryByRole('button', { name: '确认预约并支付' })).toBeNull();
    // The page asked the service again when its countdown ended.
    await waitFor(() =>
      expect(sent(ctx.server).filter((l) => l === `GET /v1/orders/${order.orderId}`).length).toBe(2),
    );
  });

  it('confirms the payment it is sent back with and goes to the success page once the service says paid', async () => {
    setContacts(family());
    const order = makeOrder({ status: 'PENDING_PAYMENT', contactId: '1', patientName: '张伟' });
    ctx.service.payments.push(pendingPayment(order.orderId, 'pay1'));
    const { router } = open(order, '?paymentId=pay1');
    // Not paid yet within the confirmation time: pending, with a refresh.
    await screen.findByText('支付结果确认中');
    expect(router.state.location.pathname).toBe(`/placeOrder/${order.orderId}`);
    ctx.service.pay('pay1');
    fireEvent.click(screen.getByRole('button', { name: '刷新支付结果' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/paySuccess/appointment/${order.orderId}`),
    );
    expect(router.state.historyAction).toBe('REPLACE');
    expect(sent(ctx.server)).not.toContain('POST /v1/pay_orders/js_pay');
  });

  it('explains a malformed link and sends nothing', async () => {
    renderAt({ [PATTERN]: <PlaceOrderPage /> }, '/placeOrder/%3Cscript%3E');
    await bodyShows(PLACE_ORDER_MESSAGES.badLink);
    await pause();
    expect(ctx.server.received).toHaveLength(0);
  });
});

describe('preselectedCard', () => {
  it('takes the default card, else the only one, else none', () => {
    const a = makeCard('1', '1', 'A');
    const b = makeCard('2', '1', 'B', { isDefault: true });
    expect(preselectedCard([a, b])).toBe(b);
    expect(preselectedCard([a])).toBe(a);
    expect(preselectedCard([a, makeCard('3', '1', 'C')])).toBeNull();
    expect(preselectedCard([])).toBeNull();
  });
});
