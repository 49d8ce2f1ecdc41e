import { api, isCancelled } from '@patient/api-client';
import {
  cancelNucleicAcidOrder,
  getNucleicAcidOrder,
  listNucleicAcidOrderHealth,
  type NucleicAcidOrder,
  refundNucleicAcidOrder,
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
import { chinaDateTime, formatYuan } from '@patient/validation';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { DeclarationView } from '../declaration.tsx';
import { RESULT_NAMES, statusLook } from '../format.ts';
import { LIST_PATH, successPath, useOrderId } from '../paths.ts';
import { SamplingCode } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../nucleic-acid.css';

function ResultTable({ result }: { result: NonNullable<NucleicAcidOrder['result']> }) {
  return (
    <section className="fk-card" aria-label="检测结果">
      <h2 className="fk-section-title">检测结果</h2>
      <table className="na-result">
        <thead>
          <tr>
            <th scope="col">检测项目</th>
            <th scope="col">结果</th>
            <th scope="col">Ct值</th>
          </tr>
        </thead>
        <tbody>
          {result.targets.map((t) => (
            <tr key={t.name}>
              <td>{t.name}</td>
              <td data-flag={t.result}>{RESULT_NAMES[t.result]}</td>
              <td>{t.ct ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="fk-muted">
        检测方法：{result.method}；检验者：{result.reporterName}；审核者：{result.reviewerName}；报告时间：
        {chinaDateTime(result.reportedAt)}
      </p>
    </section>
  );
}

/**
 * 核酸检测详情 (/nucleicAcidDetail/:orderId): the status (阴性/阳性 once reported), the QR code while it waits
 * for sampling, who and what, the result with each gene target, the refund of a cancelled paid order, the 健康申报
 * made with it (orderHealth/list: each answer, one that needs the fever clinic marked); 去支付
 * while unpaid, 取消预约 before sampling (confirmed first; a paid one is refunded).
 */
export default function NucleicAcidDetailPage() {
  const orderId = useOrderId();
  const payment = usePayFlow();
  const [busy, setBusy] = useState(false);
  const order = useRemote(
    orderId ? (signal) => api.request(getNucleicAcidOrder, { params: { orderId } }, { signal }) : null,
    orderId ?? '',
  );
  // The declaration saved with the order; none (or not loaded): nothing shown, the order still reads.
  const health = useRemote(
    orderId
      ? (signal) => api.request(listNucleicAcidOrderHealth, { query: { orderId } }, { signal, silent: true })
      : null,
    orderId ?? '',
  );
  if (!orderId) return <BadLink page message="链接无效" to={LIST_PATH} back="查看我的核酸检测" />;
  if (order.data === null) {
    return <RemoteState remote={order} failed="订单详情加载失败" />;
  }
  const o = order.data;

  const cancel = async () => {
    const paid = o.status === 'PAID';
    const sure = await confirm({
      title: '取消预约',
      message: paid
        ? `取消后已支付的${formatYuan(o.priceFen)}将原路退回，确定取消吗？`
        : '确定取消这次核酸检测预约吗？',
      confirmText: '取消预约',
      cancelText: '再想想',
      danger: true,
    });
    if (!sure) return;
    setBusy(true);
    try {
      const next = paid
        ? await api.request(refundNucleicAcidOrder, { params: { orderId: o.orderId } })
        : await api.request(cancelNucleicAcidOrder, {
            params: { hospitalId: o.hospitalId, orderId: o.orderId },
          });
      order.set(next);
      void toast(paid ? '预约已取消，费用将原路退回' : '预约已取消');
    } catch (error) {
      if (!isCancelled(error)) order.reload();
    } finally {
      setBusy(false);
    }
  };

  const pay = () => {
    const done = successPath(o.orderId);
    void payment.payThen(
      { orderType: 'NUCLEIC_ACID', orderId: o.orderId, returnPath: done, hospitalId: o.hospitalId },
      done,
    );
  };

  const rows: [string, ReactNode][] = [
    ['被检测人', o.patientName],
    ['证件号码', o.documentNumber],
    ['检测类型', o.itemName],
    ['费用', formatYuan(o.priceFen)],
    ['采样地点', o.place],
    ['下单时间', chinaDateTime(o.createdAt)],
    ...(o.paidAt ? ([['支付时间', chinaDateTime(o.paidAt)]] as [string, ReactNode][]) : []),
    ...(o.status === 'PAID' ? ([['有效期至', chinaDateTime(o.validUntil)]] as [string, ReactNode][]) : []),
    ...(o.sampledAt ? ([['采样时间', chinaDateTime(o.sampledAt)]] as [string, ReactNode][]) : []),
    ...(o.sampleNo ? ([['样本编号', o.sampleNo]] as [string, ReactNode][]) : []),
    ...(o.cancelledAt ? ([['取消时间', chinaDateTime(o.cancelledAt)]] as [string, ReactNode][]) : []),
    ...(o.refund
      ? ([
          [
            '退款',
            `${formatYuan(o.refund.amountFen)}（${o.refund.status === 'REFUNDED' ? '已退款' : '退款中'}）`,
          ],
        ] as [string, ReactNode][])
      : []),
    ['订单号', o.orderId],
  ];

  return (
    <div className="fk-page fk-page--with-footer">
      <StatusBanner info={statusLook(o)} label="订单状态" />
      <SamplingCode order={o} />
      {o.result && <ResultTable result={o.result} />}
      <InfoList label="订单信息" rows={rows} />
      {health.data && health.data.length > 0 && <DeclarationView answers={health.data} />}
      <PaymentNotice payment={payment} />
      <div className="fk-footer">
        <Link className="fk-text-button" to={LIST_PATH}>
          我的核酸检测
        </Link>
        {o.canCancel && (
          <button
            type="button"
            className="fk-button fk-button--danger"
            disabled={busy || payment.busy}
            onClick={() => void cancel()}
          >
            取消预约
          </button>
        )}
        {o.canPay && (
          <PayButton
            payment={payment}
            label={`去支付 ${formatYuan(o.priceFen)}`}
            disabled={busy}
            onPay={pay}
          />
        )}
      </div>
    </div>
  );
}
