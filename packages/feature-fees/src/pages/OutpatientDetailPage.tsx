import { api } from '@patient/api-client';
import {
  getOfficeChargeDetails,
  getOutpatientCharge,
  type OutpatientCharge,
  type OutpatientOrder,
  refundInvalidOrder,
} from '@patient/contract';
import { BadLink, InfoList, RemoteState, StatusBadge, StatusBanner, useRemote } from '@patient/feature-kit';
import { confirm, toast } from '@patient/ui-kit';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { CHARGE_LOOKS, chinaDateTime, ORDER_LOOKS, yuan } from '../format.ts';
import { isId, outpatientPayPath } from '../paths.ts';
import { FeeLines } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../fees.css';

function OrderSection({ order }: { order: OutpatientOrder }) {
  return (
    <section className="fk-card" aria-label={order.title}>
      <div className="fe-order__head">
        <h2 className="fk-section-title">{order.title}</h2>
        <StatusBadge info={ORDER_LOOKS[order.status]} />
      </div>
      <p className="fe-meta">
        {order.department} · {order.doctor} · 开单 {chinaDateTime(order.prescribedAt)} · 单号{' '}
        {order.hisOrderNo}
      </p>
      <FeeLines items={order.items} label={`${order.title}明细`} />
      <p className="fe-line__head">
        <span>小计</span>
        <strong>{yuan(order.amount)}</strong>
      </p>
    </section>
  );
}

function ChargeView({ charge, onChange }: { charge: OutpatientCharge; onChange(c: OutpatientCharge): void }) {
  const [busy, setBusy] = useState(false);
  const refund = async () => {
    const ok = await confirm({
      title: '申请退费',
      message: `合并支付的缴费需整笔退费：${yuan(charge.selfPays)} 将原路退回，未作废的处方退费后需重新缴费。确定退费吗？`,
      confirmText: '确定退费',
      danger: true,
    });
    if (!ok) return;
    setBusy(true);
    try {
      onChange(await api.request(refundInvalidOrder, { params: { chargeId: charge.chargeId } }));
      void toast('退费申请已提交');
    } catch {
      // shown by api-client
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <StatusBanner info={CHARGE_LOOKS[charge.status]} label="缴费状态">
        {charge.refundReason && <p className="fk-deadline">退费原因：{charge.refundReason}</p>}
      </StatusBanner>
      <InfoList
        label="缴费信息"
        rows={[
          ['就诊人', charge.patientName],
          ['费用总额', yuan(charge.total)],
          ['医保支付', yuan(charge.insurancePays)],
          ['个人支付', yuan(charge.selfPays)],
          ...(charge.receiptNo ? ([['收据号', charge.receiptNo]] as [string, string][]) : []),
          ...(charge.paidAt ? ([['缴费时间', chinaDateTime(charge.paidAt)]] as [string, string][]) : []),
        ]}
      />
      {charge.orders.map((o) => (
        <OrderSection key={o.orderId} order={o} />
      ))}
      {charge.refundable && (
        <button
          type="button"
          className="fk-button fk-button--danger fk-button--block"
          disabled={busy}
          onClick={() => void refund()}
        >
          {busy ? '正在提交退费...' : '申请退费'}
        </button>
      )}
      {charge.status === 'PENDING' && (
        <Link
          className="fk-button fk-button--primary fk-button--block"
          to={outpatientPayPath(charge.chargeId, charge.total)}
        >
          继续支付
        </Link>
      )}
    </>
  );
}

/**
 * 缴费明细 (/outpatientFee/detail/:type/:orderId): `order` — one unpaid order with its items; `charge` — a
 * merged payment with its orders, the split, and 申请退费 when the HIS invalidated one of its orders.
 */
export default function OutpatientDetailPage() {
  const { type = '', orderId = '' } = useParams();
  const valid = isId(orderId) && (type === 'order' || type === 'charge');
  const order = useRemote(
    valid && type === 'order'
      ? (signal) => api.request(getOfficeChargeDetails, { params: { orderId } }, { signal })
      : null,
    `order/${orderId}`,
  );
  const charge = useRemote(
    valid && type === 'charge'
      ? (signal) => api.request(getOutpatientCharge, { params: { chargeId: orderId } }, { signal })
      : null,
    `charge/${orderId}`,
  );
  if (!valid) return <BadLink page message="缴费明细链接无效" to="/outpatientFee/list" back="返回门诊缴费" />;
  const remote = type === 'order' ? order : charge;
  return (
    <div className="fk-page">
      {type === 'order' && order.data ? (
        <OrderSection order={order.data} />
      ) : type === 'charge' && charge.data ? (
        <ChargeView charge={charge.data} onChange={charge.set} />
      ) : (
        <RemoteState remote={remote} loading="正在加载缴费明细..." failed="缴费明细加载失败" />
      )}
    </div>
  );
}
