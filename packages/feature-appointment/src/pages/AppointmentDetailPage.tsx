import { api } from '@patient/api-client';
import { type AppointmentOrder, getOrder, preCheckin } from '@patient/contract';
import { PayButton, PaymentNotice, type Remote, RemotePage, useRemote } from '@patient/feature-kit';
import { useHospitalConfig } from '@patient/hospital-config';
import { QrCode, toast, withLoading } from '@patient/ui-kit';
import { maskName } from '@patient/validation';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { cancelUnpaid } from '../orders/actions.ts';
import { useHoldCountdown } from '../orders/countdown.ts';
import { cardTail, dateTime } from '../orders/format.ts';
import { VisitInfo } from '../orders/OrderParts.tsx';
import {
  cancelReasonPath,
  isOrderId,
  NEW_BOOKING_PATH,
  ORDER_LIST_PATH,
  orderDetailPath,
  placeOrderPath,
} from '../orders/paths.ts';
import { beforeCancelDeadline, deadlinePassedText, HELD_STATUSES, statusInfo } from '../orders/status.ts';
import { type OrderPayment, useOrderPayment } from '../orders/usePayment.ts';
import { Amount, BadLink, InfoList, insuranceRows, StatusBanner } from '../orders/views.tsx';
import { monthDayLabel, todayInChina } from '../schedule/labels.ts';
import '@patient/feature-kit/base.css';
import '../orders/orders.css';

/**
 * 预约详情 (/appointmentDetail/:detailId): the status with what to do next, the visit, the patient (masked),
 * the order and its money; pay or cancel an unpaid order, cancel a paid one with a reason (until the cancel
 * deadline, after it a line says why the button is gone), pre-check-in where the hospital uses it (config
 * `preCheckin`), and the order's QR code for the clinic.
 */
export default function AppointmentDetailPage() {
  const { detailId } = useParams();
  const orderId = isOrderId(detailId) ? detailId : null;
  const order = useRemote(
    orderId ? (signal) => api.request(getOrder, { params: { orderId } }, { signal }) : null,
    orderId ?? '',
  );
  const payment = useOrderPayment(orderId, orderId ? orderDetailPath(orderId) : '/', order.data?.hospitalId);

  if (!orderId) return <BadLink message="页面链接中的订单号有误，请从预约记录重新进入" />;
  if (!order.data) {
    return <RemotePage remote={order} loading="正在加载预约详情..." failed="预约详情加载失败" />;
  }
  return <Detail order={order} payment={payment} />;
}

function Detail({ order: remote, payment }: { order: Remote<AppointmentOrder>; payment: OrderPayment }) {
  const order = remote.data!;
  const { preCheckin: offersPreCheckin } = useHospitalConfig();
  const held = HELD_STATUSES.includes(order.status);
  const countdown = useHoldCountdown(held ? order.holdExpiresAt : null);
  const status = held && countdown.expired ? 'EXPIRED' : order.status;
  const info = statusInfo(status);
  const [busy, setBusy] = useState(false);
  const { reload } = remote;

  useEffect(() => {
    if (held && countdown.expired) reload();
  }, [held, countdown.expired, reload]);

  const onCancelUnpaid = async () => {
    if (busy) return;
    setBusy(true);
    const cancelled = await cancelUnpaid(order);
    if (cancelled) remote.set(cancelled);
    setBusy(false);
  };

  const onPreCheckin = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const updated = await withLoading(
        () => api.request(preCheckin, { body: { orderId: order.orderId } }),
        '正在签到...',
      );
      remote.set(updated);
      void toast('预签到成功，请按时到院就诊');
    } catch {
      // api-client has shown why (not the visit day yet, already checked in, the visit is over); the order is
      // read again, as a refusal often means it changed meanwhile (e.g. checked in on another phone).
      reload();
    } finally {
      setBusy(false);
    }
  };

  const actions: ReactNode[] = [];
  if (status === 'LOCKED') {
    actions.push(
      <Link key="continue" className="fk-button fk-button--primary" to={placeOrderPath(order.orderId)}>
        继续预约
      </Link>,
    );
  } else if (status === 'PENDING_PAYMENT') {
    actions.push(
      <PayButton
        key="pay"
        payment={payment}
        label="立即支付"
        disabled={busy}
        onPay={() => void payment.pay()}
      />,
      <button
        key="cancel"
        type="button"
        className="fk-button fk-button--danger"
        disabled={payment.busy || busy}
        onClick={onCancelUnpaid}
      >
        取消预约
      </button>,
    );
  } else if (status === 'BOOKED') {
    if (offersPreCheckin && !order.checkedIn) {
      // The service takes pre-check-in on the visit day only (on its clock): before it, say when.
      actions.push(
        order.schedule.date === todayInChina() ? (
          <button
            key="checkin"
            type="button"
            className="fk-button fk-button--primary"
            disabled={busy}
            onClick={onPreCheckin}
          >
            预签到
          </button>
        ) : (
          <p key="checkin" className="fk-deadline">
            就诊当日（{monthDayLabel(order.schedule.date)}）可在此预签到，到院后无需排队签到
          </p>
        ),
      );
    }
    actions.push(
      beforeCancelDeadline(order) ? (
        <Link
          key="refund"
          className="fk-button fk-button--danger"
          to={cancelReasonPath(order.orderId)}
          state={{ fromDetail: true }}
        >
          取消预约
        </Link>
      ) : (
        <p key="deadline" className="fk-deadline">
          {deadlinePassedText(order.cancelDeadline)}
        </p>
      ),
    );
  } else if (info.next === 'rebook') {
    actions.push(
      <Link key="rebook" className="fk-button fk-button--primary" to={NEW_BOOKING_PATH}>
        重新预约
      </Link>,
    );
  }

  const orderRows: [string, ReactNode][] = [
    ['订单号', order.orderId],
    ['挂号费', <Amount key="fee" value={order.fee} capital />],
    ...insuranceRows(order),
    ['创建时间', dateTime(order.createdAt)],
  ];
  if (order.paidAt) orderRows.push(['支付时间', dateTime(order.paidAt)]);
  if (order.status === 'BOOKED') orderRows.push(['取消截止时间', dateTime(order.cancelDeadline)]);
  if (order.cancelReason) orderRows.push(['取消原因', order.cancelReason]);
  // The cash part goes back through the provider: its amount while on the way (退款中), then when it arrived.
  if (order.refundedAt || order.status === 'REFUNDING') {
    orderRows.push(['退款金额', <Amount key="refund" value={order.selfPays} />]);
  }
  if (order.refundedAt) orderRows.push(['退款时间', dateTime(order.refundedAt)]);

  return (
    <div className="fk-page">
      <StatusBanner info={info}>
        {held && countdown.active && !countdown.expired && (
          <span className="ao-countdown" role="timer" aria-label="剩余支付时间">
            剩余 {countdown.text}
          </span>
        )}
        {status === 'BOOKED' && order.checkedIn && <p className="fk-banner__hint">已预签到</p>}
      </StatusBanner>
      <PaymentNotice payment={payment} onRefresh={() => void payment.refresh()} />
      {status === 'BOOKED' && (
        <section className="fk-card ao-code" aria-label="就诊二维码">
          <QrCode value={order.orderId} size={160} label="预约订单二维码" />
          <p className="ao-code__hint">到院后出示给工作人员扫码，或在自助机上扫码取号</p>
          {order.visitNumber && <p className="fk-result__title">就诊序号 {order.visitNumber}</p>}
        </section>
      )}
      <VisitInfo order={order} />
      <InfoList
        label="就诊人"
        rows={[
          ['就诊人', order.patientName ? maskName(order.patientName) : '未选择'],
          ['就诊卡', cardTail(order.medicalCardNo)],
          ...(order.visitNumber && status !== 'BOOKED'
            ? [['就诊序号', order.visitNumber] as [string, string]]
            : []),
        ]}
      />
      <InfoList label="订单信息" rows={orderRows} />
      {actions.length > 0 && <div className="fk-actions">{actions}</div>}
      <div className="fk-actions">
        <Link className="fk-text-button" to={ORDER_LIST_PATH}>
          查看全部预约
        </Link>
      </div>
    </div>
  );
}
