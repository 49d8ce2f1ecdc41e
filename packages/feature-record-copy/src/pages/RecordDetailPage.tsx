import { api, isCancelled } from '@patient/api-client';
import {
  cancelRecordCopy,
  confirmRecordCopyReceipt,
  fileContentPath,
  getRecordCopy,
  RECORD_COPY_PHOTO_NAMES,
  type RecordCopyOrder,
  recordCopyStatusOf,
} from '@patient/contract';
import {
  BadLink,
  InfoList,
  PayButton,
  PaymentNotice,
  RemoteState,
  StatusBanner,
  usePayFlow,
  useRemote,
} from '@patient/feature-kit';
import { confirm, toast } from '@patient/ui-kit';
import { chinaDateTime, formatYuan, maskName, maskPhone } from '@patient/validation';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { APPLICANT_NAMES, DELIVERY_NAMES, statusLook } from '../format.ts';
import { INDEX_PATH, successPath, trackingPath, useIds } from '../params.ts';
import '@patient/feature-kit/base.css';
import '../record-copy.css';

function feeRows(order: RecordCopyOrder): [string, ReactNode][] {
  if (!recordCopyStatusOf(order.status).canSeeFee) {
    return order.refund
      ? [
          [
            '退款',
            `${formatYuan(order.refund.amountFen)}（${order.refund.status === 'REFUNDED' ? '已退款' : '退款中'}）`,
          ],
        ]
      : [];
  }
  return [
    ['复印费', formatYuan(order.fee.copyFen)],
    ['邮寄费', formatYuan(order.fee.postageFen)],
    ['合计', formatYuan(order.fee.totalFen)],
  ];
}

/**
 * 申请详情 (/medicalRecord/recordDetail/:orderId): the status (000 §4, with what it means), what was asked for,
 * delivery (address masked, or the pickup place), the photos, the fee where the status shows it (a refund
 * where money went back); 去支付 while 待支付, 取消申请 before review (confirmed first), 查看物流 and 确认收货 once
 * posted.
 */
export default function RecordDetailPage() {
  const ids = useIds('orderId');
  const navigate = useNavigate();
  const payment = usePayFlow();
  const [busy, setBusy] = useState(false);
  const order = useRemote(
    ids ? (signal) => api.request(getRecordCopy, { params: { orderId: ids.orderId } }, { signal }) : null,
    ids?.orderId ?? '',
  );
  if (!ids) return <BadLink page message="链接无效" to={INDEX_PATH} back="查看我的申请" />;
  if (order.data === null) {
    return <RemoteState remote={order} failed="申请详情加载失败" />;
  }
  const o = order.data;
  const look = statusLook(o);

  const act = async (run: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await run();
      void toast(done);
      order.reload();
    } catch (error) {
      if (isCancelled(error)) return;
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    const paid = o.status === 'NO_REVIEWED';
    const sure = await confirm({
      title: '取消申请',
      message: paid ? '取消后已支付的费用将原路退回，确定取消吗？' : '确定取消这份病案复印申请吗？',
      confirmText: '取消申请',
      cancelText: '再想想',
      danger: true,
    });
    if (sure) await act(() => api.request(cancelRecordCopy, { body: { orderId: o.orderId } }), '申请已取消');
  };

  const receive = async () => {
    const sure = await confirm({
      title: '确认收货',
      message: '请确认已收到病案复印件',
      confirmText: '已收到',
    });
    if (!sure) return;
    setBusy(true);
    try {
      await api.request(confirmRecordCopyReceipt, { body: { orderId: o.orderId } });
      navigate(successPath(o.orderId, 'received'), { replace: true });
    } catch {
      setBusy(false);
    }
  };

  const pay = () => {
    const done = successPath(o.orderId, 'paid');
    void payment.payThen(
      { orderType: 'RECORD_COPY', orderId: o.orderId, returnPath: done, hospitalId: o.hospitalId },
      done,
    );
  };

  return (
    <div className="fk-page fk-page--with-footer">
      <StatusBanner info={look} label="申请状态">
        {o.refuseReason && <p className="fk-banner__hint">原因：{o.refuseReason}</p>}
      </StatusBanner>
      {o.shipment && (
        <section className="fk-card rc-row" aria-label="物流">
          <span className="rc-address">
            <span>
              {o.shipment.company} {o.shipment.trackingNo}
            </span>
            <span className="fk-muted">{chinaDateTime(o.shipment.shippedAt)} 寄出</span>
          </span>
          <Link className="fk-text-button" to={trackingPath(o.orderId)}>
            查看物流
          </Link>
        </section>
      )}
      <InfoList
        label="申请信息"
        rows={[
          ['患者', `${maskName(o.patientName)}（${APPLICANT_NAMES[o.applicant]}）`],
          [
            '住院记录',
            o.stays
              .map((s) => `${s.department} ${s.admittedOn}至${s.dischargedOn}（住院号${s.admissionNo}）`)
              .join('；'),
          ],
          ['复印用途', o.purpose.name],
          ['复印内容', o.parts.map((p) => p.name).join('、')],
          ['复印份数', `${o.copies}份`],
          ['领取方式', DELIVERY_NAMES[o.delivery]],
          ...(o.address
            ? ([
                ['收货人', `${maskName(o.address.name)} ${maskPhone(o.address.phone)}`],
                ['收货地址', `${o.address.region.join('')}${o.address.detail}`],
              ] as [string, ReactNode][])
            : []),
          ...(o.pickup
            ? ([['领取地点', `${o.pickup.place}（${o.pickup.hours}）`]] as [string, ReactNode][])
            : []),
          ['申请时间', chinaDateTime(o.createdAt)],
          ['订单号', o.orderId],
        ]}
      />
      {feeRows(o).length > 0 && <InfoList label="费用" rows={feeRows(o)} />}
      <section className="fk-card" aria-label="证件照片">
        <h2 className="fk-section-title">证件照片</h2>
        <div className="rc-photos">
          {o.photos.map((p) => (
            <img
              key={p.fileId}
              src={fileContentPath(p.fileId)}
              alt={RECORD_COPY_PHOTO_NAMES[p.kind]}
              loading="lazy"
            />
          ))}
        </div>
      </section>
      <PaymentNotice payment={payment} />
      <div className="fk-footer">
        <Link className="fk-text-button" to={INDEX_PATH}>
          我的申请
        </Link>
        {o.canCancel && (
          <button
            type="button"
            className="fk-button fk-button--danger"
            disabled={busy || payment.busy}
            onClick={() => void cancel()}
          >
            取消申请
          </button>
        )}
        {o.status === 'NO_PAY' && (
          <PayButton
            payment={payment}
            label={`去支付 ${formatYuan(o.fee.totalFen)}`}
            disabled={busy}
            onPay={pay}
          />
        )}
        {o.canConfirmReceipt && (
          <button
            type="button"
            className="fk-button fk-button--primary"
            disabled={busy}
            onClick={() => void receive()}
          >
            确认收货
          </button>
        )}
      </div>
    </div>
  );
}
