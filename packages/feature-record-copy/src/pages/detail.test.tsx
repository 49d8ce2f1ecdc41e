import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerDialog, bodiesOf, bodyShows, harness, makeOrder, pause, sent } from '../testing.tsx';
import ApplySuccessPage from './ApplySuccessPage.tsx';
import RecordDetailPage from './RecordDetailPage.tsx';
import TrackingPage from './TrackingPage.tsx';

const ctx = setupFeature(harness);
const routes = {
  '/medicalRecord/recordDetail/:orderId': <RecordDetailPage />,
  '/medicalRecord/applySuccess/:orderId/:type': <ApplySuccessPage />,
  '/traceDetail/:orderId': <TrackingPage />,
};

describe('RecordDetailPage', () => {
  it('shows a pending payment with its fee, the address masked and the photos; 去支付 and 取消申请', async () => {
    renderAt(routes, '/medicalRecord/recordDetail/7');
    const banner = await screen.findByRole('region', { name: '申请状态' });
    expect(banner.textContent).toContain('待支付');
    expect(document.body.textContent).toContain('合计¥17.00');
    expect(document.body.textContent).toContain('*******8000');
    expect(document.body.textContent).not.toContain('13800138000');
    expect(screen.getByAltText('身份证人像面').getAttribute('src')).toBe('/product-service/v1/file/F1');
    expect(screen.getByRole('button', { name: '去支付 ¥17.00' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '确认收货' })).toBeNull();
  });

  it('hides the fee while in review and cancels only after the confirmation, telling that the money goes back', async () => {
    ctx.service.orders = [makeOrder({ status: 'NO_REVIEWED', paidAt: '2030-05-10T01:05:00.000Z' })];
    renderAt(routes, '/medicalRecord/recordDetail/7');
    await screen.findByText('待审核');
    expect(document.body.textContent).not.toContain('¥17.00');
    expect(screen.queryByRole('button', { name: /去支付/ })).toBeNull();
    const cancel = screen.getByRole('button', { name: '取消申请' });
    const text = await answerDialog(() => cancel.click(), '再想想');
    expect(text).toContain('已支付的费用将原路退回');
    await pause();
    expect(bodiesOf(ctx.server, 'POST /cancelApply')).toEqual([]);
    await answerDialog(() => cancel.click(), '取消申请');
    await waitFor(() => expect(bodiesOf(ctx.server, 'POST /cancelApply')).toEqual([{ orderId: '7' }]));
    await screen.findByText('已取消');
  });

  it('once posted: the courier and 查看物流, 确认收货 after the confirmation → the success page', async () => {
    ctx.service.orders = [
      makeOrder({
        status: 'IS_DELIVERED',
        canCancel: false,
        canConfirmReceipt: true,
        shipment: {
          company: '顺丰速运',
          trackingNo: 'SF1234567000007',
          shippedAt: '2030-05-10T01:00:00.000Z',
        },
      }),
    ];
    const router = renderAt(routes, '/medicalRecord/recordDetail/7');
    await screen.findByText('配送中');
    expect(screen.getByRole('link', { name: '查看物流' }).getAttribute('href')).toBe('/traceDetail/7');
    expect(screen.queryByRole('button', { name: '取消申请' })).toBeNull();
    await answerDialog(() => screen.getByRole('button', { name: '确认收货' }).click(), '已收到');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/medicalRecord/applySuccess/7/received'),
    );
    await bodyShows('已确认收货');
  });

  it('says when it is not found, and sends nothing for a bad link', async () => {
    renderAt(routes, '/medicalRecord/recordDetail/99');
    await bodyShows('申请详情加载失败');
    const before = sent(ctx.server).length;
    renderAt(routes, '/medicalRecord/recordDetail/%3Cx%3E');
    await bodyShows('链接无效');
    await pause();
    expect(sent(ctx.server).length).toBe(before);
  });
});

describe('TrackingPage', () => {
  it('shows the courier, the addressee masked and the timeline newest first', async () => {
    renderAt(routes, '/traceDetail/7');
    const timeline = await screen.findByRole('region', { name: '物流轨迹' });
    const items = timeline.querySelectorAll('li');
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain('快递员正在派送');
    expect(document.body.textContent).toContain('派送中');
    expect(document.body.textContent).toContain('SF1234567000007');
    expect(document.body.textContent).toContain('张* *******8000');
  });

  it('a courier that cannot be asked: the parcel still shows, with 物流信息暂时无法获取', async () => {
    ctx.service.courierDown = true;
    renderAt(routes, '/traceDetail/7');
    const banner = await screen.findByRole('region', { name: '物流状态' });
    expect(banner.textContent).toContain('物流信息暂时无法获取');
    expect(document.body.textContent).toContain('SF1234567000007');
    expect(document.body.textContent).toContain('张* *******8000');
    expect(screen.getByRole('region', { name: '物流轨迹' }).textContent).toContain('物流轨迹暂时无法获取');
    expect(screen.getByRole('button', { name: '刷新物流' })).toBeTruthy();
  });

  it('says when there is no tracking yet', async () => {
    renderAt(routes, '/traceDetail/8');
    await bodyShows('物流信息加载失败');
    await act(async () => undefined);
  });
});

describe('ApplySuccessPage', () => {
  it('after paying: 支付成功 and the way to the order; a bad type is a bad link', async () => {
    renderAt(routes, '/medicalRecord/applySuccess/7/paid');
    await bodyShows('支付成功');
    expect(screen.getByRole('link', { name: '查看申请详情' }).getAttribute('href')).toBe(
      '/medicalRecord/recordDetail/7',
    );
    renderAt(routes, '/medicalRecord/applySuccess/7/other');
    await bodyShows('链接无效');
  });
});
