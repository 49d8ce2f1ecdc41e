import { api, isCancelled } from '@patient/api-client';
import { type AppointmentOrder, getOrder } from '@patient/contract';
import { LoadError } from '@patient/feature-kit';
import { EmptyState, Spinner } from '@patient/ui-kit';
import { maskName } from '@patient/validation';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { EnergyReward } from '../orders/EnergyReward.tsx';
import { cardTail, dateTime, doctorLabel, visitTime } from '../orders/format.ts';
import { APPOINTMENT_PAY_TYPE, isOrderId, ORDER_LIST_PATH, orderDetailPath } from '../orders/paths.ts';
import { statusInfo } from '../orders/status.ts';
import { Amount, InfoList, insuranceRows, StatusBanner } from '../orders/views.tsx';
import '@patient/feature-kit/base.css';
import '../orders/orders.css';

/** Pauses before each look at the order while the service has not confirmed the payment yet. */
export const CONFIRM_DELAYS_MS = [0, 1000, 2000, 3000, 4000];

const PAID = new Set(['BOOKED', 'VISITED']);
const AWAITING = new Set(['LOCKED', 'PENDING_PAYMENT']);

type View =
  | { state: 'loading' }
  | { state: 'error'; error: unknown }
  | { state: 'done'; order: AppointmentOrder };

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });

/**
 * Reads the order until the service says it is paid (or settled otherwise), a few times with pauses; the
 * last answer is what the page shows.
 */
function usePaidOrder(orderId: string | null, delaysMs: readonly number[]) {
  const [view, setView] = useState<View>({ state: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!orderId) return;
    const controller = new AbortController();
    const { signal } = controller;
    setView({ state: 'loading' });
    (async () => {
      let last: AppointmentOrder | null = null;
      for (const delay of delaysMs) {
        await sleep(delay, signal);
        if (signal.aborted) return;
        last = await api.request(getOrder, { params: { orderId } }, { signal, silent: last !== null });
        if (!AWAITING.has(last.status)) break;
      }
      if (!signal.aborted && last) setView({ state: 'done', order: last });
    })().catch((error: unknown) => {
      if (!signal.aborted && !isCancelled(error)) setView({ state: 'error', error });
    });
    return () => controller.abort();
  }, [orderId, round]);

  const refresh = useCallback(() => setRound((n) => n + 1), []);
  return { view, refresh };
}

/**
 * 支付结果 (/paySuccess/:type/:detailId): success only once the service says the order is paid (getOrder:
 * BOOKED); until then it asks again a few times and then shows '支付结果确认中' with a refresh.
 */
export default function PaySuccessPage({
  confirmDelaysMs = CONFIRM_DELAYS_MS,
}: {
  confirmDelaysMs?: number[];
}) {
  const { type, detailId } = useParams();
  const known = type === APPOINTMENT_PAY_TYPE;
  const orderId = known && isOrderId(detailId) ? detailId : null;
  const { view, refresh } = usePaidOrder(orderId, confirmDelaysMs);

  if (!known) {
    return (
      <div className="fk-page">
        <EmptyState text="无法识别的支付业务类型，请在预约记录中查看支付结果">
          <Link to={ORDER_LIST_PATH} className="fk-button fk-button--primary fk-button--inline" replace>
            查看我的预约
          </Link>
        </EmptyState>
      </div>
    );
  }
  if (!orderId) {
    return (
      <div className="fk-page">
        <EmptyState text="页面链接中的订单号有误，请在预约记录中查看支付结果">
          <Link to={ORDER_LIST_PATH} className="fk-button fk-button--primary fk-button--inline" replace>
            查看我的预约
          </Link>
        </EmptyState>
      </div>
    );
  }
  if (view.state === 'loading') {
    return (
      <div className="fk-page">
        <Spinner text="正在确认支付结果..." />
      </div>
    );
  }
  if (view.state === 'error') {
    return (
      <div className="fk-page">
        <LoadError error={view.error} text="支付结果查询失败" onRetry={refresh} />
      </div>
    );
  }

  const { order } = view;
  const actions = (
    <div className="fk-actions">
      <Link className="fk-button fk-button--primary" to={orderDetailPath(order.orderId)} replace>
        查看预约详情
      </Link>
      <Link className="fk-button" to="/homepage" replace>
        返回首页
      </Link>
    </div>
  );

  if (AWAITING.has(order.status)) {
    return (
      <div className="fk-page">
        <section className="fk-card fk-result" role="status">
          <span className="fk-result__icon" data-tone="warning" aria-hidden="true">
            …
          </span>
          <h2 className="fk-result__title">支付结果确认中</h2>
          <p className="fk-result__text">医院尚未确认您的支付，请稍后刷新；已扣款的费用不会丢失。</p>
          <button type="button" className="fk-button fk-button--small" onClick={refresh}>
            刷新
          </button>
        </section>
        {actions}
      </div>
    );
  }

  if (!PAID.has(order.status)) {
    return (
      <div className="fk-page">
        <StatusBanner info={statusInfo(order.status)} />
        {actions}
      </div>
    );
  }

  const { schedule } = order;
  return (
    <div className="fk-page">
      <section className="fk-card fk-result" aria-label="支付结果">
        <span className="fk-result__icon" aria-hidden="true">
          ✓
        </span>
        <h2 className="fk-result__title">预约成功</h2>
        <p className="fk-result__text">支付成功，请按预约时间到院就诊</p>
      </section>
      <InfoList
        label="预约信息"
        rows={[
          ['就诊人', order.patientName ? maskName(order.patientName) : '—'],
          ['就诊卡', cardTail(order.medicalCardNo)],
          ['医院', order.hospitalName],
          ['科室', schedule.departmentName],
          ['医生', doctorLabel(schedule)],
          ['就诊时间', visitTime(order)],
          ['就诊序号', order.visitNumber ?? '到院后由医院分配'],
          ...insuranceRows(order),
          ['支付金额', <Amount key="fee" value={order.selfPays} capital />],
          ...(order.paidAt ? [['支付时间', dateTime(order.paidAt)] as [string, string]] : []),
        ]}
      />
      <EnergyReward orderId={order.orderId} />
      {actions}
    </div>
  );
}
