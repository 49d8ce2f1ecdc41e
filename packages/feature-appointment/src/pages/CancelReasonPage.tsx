import { api } from '@patient/api-client';
import { type AppointmentOrder, getOrder, refundOrder } from '@patient/contract';
import { RemotePage, useRemote } from '@patient/feature-kit';
import { confirm, EmptyState, toast, withLoading } from '@patient/ui-kit';
import { maskName } from '@patient/validation';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { CANCEL_REASONS, cancelReason, OTHER_REASON, REASON_MAX_LENGTH } from '../orders/cancelReasons.ts';
import { doctorLabel, refundText, visitTime } from '../orders/format.ts';
import { isOrderId, orderDetailPath } from '../orders/paths.ts';
import { beforeCancelDeadline, deadlinePassedText, statusInfo } from '../orders/status.ts';
import { Amount, BadLink, ChoiceGroup, InfoList, insuranceRows } from '../orders/views.tsx';
import '@patient/feature-kit/base.css';
import '../orders/orders.css';

export const CANCEL_PAGE_MESSAGES = {
  missing: '缺少要取消的预约信息，请从预约详情进入',
  malformed: '页面链接中的订单号有误，请从预约详情重新进入',
} as const;

/**
 * 取消预约 (/cancelReson?orderId=…): cancel a paid appointment with a reason. One of the common reasons, or
 * '其他' with the patient's words (1–100 characters); nothing is sent until a valid reason is given. A danger
 * dialog says what will be refunded; then refundOrder, and back to the detail, which shows the refund.
 */
export default function CancelReasonPage() {
  const [params] = useSearchParams();
  const raw = params.get('orderId');
  const orderId = isOrderId(raw) ? raw : null;
  const order = useRemote(
    orderId ? (signal) => api.request(getOrder, { params: { orderId } }, { signal }) : null,
    orderId ?? '',
  );

  if (!orderId)
    return (
      <BadLink
        message={raw === null || raw === '' ? CANCEL_PAGE_MESSAGES.missing : CANCEL_PAGE_MESSAGES.malformed}
      />
    );
  if (!order.data) {
    return <RemotePage remote={order} loading="正在加载预约信息..." failed="预约信息加载失败" />;
  }
  const current = order.data;
  if (current.status !== 'BOOKED' || !beforeCancelDeadline(current)) {
    const text =
      current.status !== 'BOOKED'
        ? `该预约${statusInfo(current.status).label}，无需再取消`
        : deadlinePassedText(current.cancelDeadline);
    return (
      <div className="fk-page">
        <EmptyState text={text}>
          <Link
            className="fk-button fk-button--primary fk-button--inline"
            to={orderDetailPath(current.orderId)}
            replace
          >
            查看预约详情
          </Link>
        </EmptyState>
      </div>
    );
  }
  return <ReasonForm order={current} />;
}

function ReasonForm({ order }: { order: AppointmentOrder }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [choice, setChoice] = useState<string | null>(null);
  const [other, setOther] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async () => {
    if (busy) return;
    const result = cancelReason(choice, other);
    if (!result.ok) {
      setProblem(result.message);
      return;
    }
    setProblem(null);
    const ok = await confirm({
      title: '确认取消预约',
      message: `取消后将退号，${refundText(order)}，号源会释放给其他患者。确定取消吗？`,
      confirmText: '确认取消',
      cancelText: '再想想',
      danger: true,
    });
    if (!ok) return;
    setBusy(true);
    try {
      await withLoading(
        () => api.request(refundOrder, { body: { orderId: order.orderId, reason: result.reason } }),
        '正在退号...',
      );
      void toast('已取消预约，费用将原路退回');
      const fromDetail = (location.state as { fromDetail?: unknown } | null)?.fromDetail === true;
      // Back to the detail the patient came from (it loads again and shows the refund), or replace this screen.
      if (fromDetail) navigate(-1);
      else navigate(orderDetailPath(order.orderId), { replace: true });
    } catch {
      // api-client has shown why (e.g. the deadline passed meanwhile); the reason stays as chosen
    } finally {
      setBusy(false);
    }
  };

  const length = other.length;
  return (
    <div className="fk-page fk-page--with-footer">
      <InfoList
        label="要取消的预约"
        rows={[
          ['就诊人', order.patientName ? maskName(order.patientName) : '—'],
          ['科室', order.schedule.departmentName],
          ['医生', doctorLabel(order.schedule)],
          ['就诊时间', visitTime(order)],
          ...insuranceRows(order),
          ['退款金额', <Amount key="fee" value={order.selfPays} capital />],
        ]}
      />
      <h2 className="fk-section-title">请选择取消原因</h2>
      <div className="fk-card">
        <ChoiceGroup
          label="取消原因"
          name="reason"
          value={choice}
          onChange={(reason) => {
            setChoice(reason);
            setProblem(null);
          }}
          options={CANCEL_REASONS.map((reason) => ({ value: reason, text: reason }))}
        />
        {choice === OTHER_REASON && (
          <>
            <textarea
              className="ao-textarea"
              aria-label="其他原因"
              placeholder="请填写取消原因"
              maxLength={REASON_MAX_LENGTH}
              value={other}
              onChange={(e) => {
                setOther(e.target.value);
                setProblem(null);
              }}
            />
            <p className="ao-counter">
              {length}/{REASON_MAX_LENGTH}
            </p>
          </>
        )}
      </div>
      {problem && (
        <p className="ao-error" role="alert">
          {problem}
        </p>
      )}
      <p className="fk-muted">取消截止时间前可取消；取消后费用原路退回，如需就诊请重新预约。</p>
      <div className="fk-footer">
        <button
          type="button"
          className="fk-button fk-button--danger fk-button--block"
          disabled={busy}
          onClick={onSubmit}
        >
          {busy ? '正在取消...' : '确认取消预约'}
        </button>
      </div>
    </div>
  );
}
