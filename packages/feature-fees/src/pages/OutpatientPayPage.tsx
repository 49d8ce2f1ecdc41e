import { api } from '@patient/api-client';
import { billLock, cancelChargePrePay, getOutpatientCharge, getPaymentQrCode } from '@patient/contract';
import {
  BadLink,
  ChoiceGroup,
  PayFooter,
  PaymentNotice,
  RemoteState,
  StatusBanner,
  usePayFlow,
  useRemote,
} from '@patient/feature-kit';
import { authoriseInsurance, insurancePayingPath, payAuthorisationOf } from '@patient/payment';
import '../insurance-kind.ts';
import { confirm, QrCode, toast } from '@patient/ui-kit';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CHARGE_LOOKS, chinaDateTime, yuan } from '../format.ts';
import { chargeDetailPath, isId, outpatientSuccessPath } from '../paths.ts';
import '@patient/feature-kit/base.css';
import '../fees.css';

const open = new Map<string, number>();

/**
 * Leaving the pay page inside the app (back, another screen) gives the charge up: its orders are unlocked at
 * the HIS. A cashier or the insurance page (full page loads) does not unmount it; StrictMode's second mount
 * is told apart by the counter.
 */
function useReleaseOnLeave(chargeId: string | null, keep: { current: boolean }) {
  useEffect(() => {
    if (!chargeId) return;
    open.set(chargeId, (open.get(chargeId) ?? 0) + 1);
    return () => {
      open.set(chargeId, (open.get(chargeId) ?? 1) - 1);
      setTimeout(() => {
        if ((open.get(chargeId) ?? 0) > 0 || keep.current) return;
        api.request(billLock, { params: { chargeId }, body: { lock: false } }).catch(() => {});
      }, 0);
    };
  }, [chargeId, keep]);
}

function TerminalCode({ chargeId }: { chargeId: string }) {
  const code = useRemote(
    (signal) => api.request(getPaymentQrCode, { query: { chargeId } }, { signal }),
    chargeId,
  );
  if (code.status === 'error' || !code.data)
    return <RemoteState remote={code} loading="正在生成二维码..." failed="二维码加载失败" />;
  return (
    <section className="fk-card fe-qr" aria-label="自助机扫码缴费">
      <QrCode value={code.data.content} label="门诊缴费二维码" />
      <p className="fe-meta">在院内自助机“扫码缴费”处出示此码，{chinaDateTime(code.data.expiresAt)} 前有效</p>
    </section>
  );
}

/**
 * 门诊支付 (/outpatientFee/pay/:orderId/:price; orderId is the merged charge): the orders in it, the total,
 * 自费 or 医保 where covered, pay (one payment), 取消缴费 (unlock), and a QR code for a hospital terminal.
 * `:price` is shown until the charge arrives; the service's amount is what is paid.
 */
export default function OutpatientPayPage() {
  const { orderId = '', price = '' } = useParams();
  const navigate = useNavigate();
  const valid = isId(orderId);
  const keep = useRef(false);
  const [mode, setMode] = useState<'SELF' | 'MEDICAL'>('SELF');
  const [showCode, setShowCode] = useState(false);
  const [busy, setBusy] = useState(false);
  const payment = usePayFlow();
  const charge = useRemote(
    valid
      ? (signal) => api.request(getOutpatientCharge, { params: { chargeId: orderId } }, { signal })
      : null,
    orderId,
  );
  const data = charge.data;
  useReleaseOnLeave(valid && data?.status === 'PENDING' ? orderId : null, keep);

  useEffect(() => {
    if (data?.status === 'PAID') navigate(outpatientSuccessPath(data.chargeId), { replace: true });
  }, [data?.status]);

  if (!valid) return <BadLink page message="缴费单链接无效" to="/outpatientFee/list" back="返回门诊缴费" />;
  if (!data) {
    return (
      <div className="fk-page">
        <RemoteState
          remote={charge}
          loading={
            /^[1-9]\d*$/.test(price) ? `正在加载缴费单（${yuan(Number(price))}）...` : '正在加载缴费单...'
          }
          failed="缴费单加载失败"
        />
      </div>
    );
  }

  const pending = data.status === 'PENDING';
  const relock = async () => {
    setBusy(true);
    try {
      charge.set(await api.request(billLock, { params: { chargeId: orderId }, body: { lock: true } }));
    } catch {
      // shown by api-client
    } finally {
      setBusy(false);
    }
  };
  const cancel = async () => {
    const ok = await confirm({
      title: '取消缴费',
      message: '取消后处方将解锁，可重新选择缴费。确定取消吗？',
      confirmText: '取消缴费',
      cancelText: '继续支付',
      danger: true,
    });
    if (!ok) return;
    try {
      keep.current = true;
      await api.request(cancelChargePrePay, { params: { chargeId: orderId } });
      void toast('已取消缴费，处方已解锁');
      navigate('/outpatientFee/list', { replace: true });
    } catch {
      keep.current = false;
      charge.reload();
    }
  };
  const pay = async () => {
    if (mode === 'MEDICAL') {
      keep.current = true;
      try {
        if (payAuthorisationOf('OUTPATIENT_FEE', orderId)) {
          navigate(insurancePayingPath('OUTPATIENT_FEE', orderId));
          return;
        }
        await authoriseInsurance({
          orderType: 'OUTPATIENT_FEE',
          orderId,
          hospitalId: data.hospitalId,
          contactId: data.contactId,
        });
      } catch {
        keep.current = false;
      }
      return;
    }
    keep.current = true;
    const done = outpatientSuccessPath(orderId);
    await payment.payThen(
      { orderType: 'OUTPATIENT_FEE', orderId, returnPath: done, hospitalId: data.hospitalId },
      done,
    );
    keep.current = false;
  };

  return (
    <div className="fk-page fk-page--with-footer">
      <StatusBanner info={CHARGE_LOOKS[data.status]} label="缴费单状态">
        {pending && data.lockExpiresAt && (
          <p className="fk-deadline">请在 {chinaDateTime(data.lockExpiresAt)} 前完成支付</p>
        )}
      </StatusBanner>
      <section className="fk-card" aria-label="缴费项目">
        <h2 className="fk-section-title">就诊人 {data.patientName}</h2>
        <ul className="fe-lines">
          {data.orders.map((o) => (
            <li key={o.orderId} className="fe-line">
              <div className="fe-line__head">
                <span>{o.title}</span>
                <span className="fe-line__amount">{yuan(o.amount)}</span>
              </div>
              <p className="fe-line__meta">
                {o.department} · {o.doctor}
              </p>
            </li>
          ))}
        </ul>
        <Link className="fk-link" to={chargeDetailPath(data.chargeId)}>
          查看费用明细
        </Link>
      </section>
      {pending && data.insuranceCovered && (
        <section className="fk-card" aria-label="支付方式">
          <h2 className="fk-section-title">结算方式</h2>
          <ChoiceGroup
            label="结算方式"
            name="mode"
            value={mode}
            onChange={(v) => setMode(v as 'SELF' | 'MEDICAL')}
            options={[
              { value: 'SELF', text: '自费支付' },
              { value: 'MEDICAL', text: '医保支付', meta: '需医保电子凭证授权' },
            ]}
          />
        </section>
      )}
      <PaymentNotice payment={payment} />
      {pending && (
        <div className="fk-actions">
          <button type="button" className="fk-text-button" onClick={() => setShowCode((s) => !s)}>
            {showCode ? '收起二维码' : '到院内自助机扫码缴费'}
          </button>
          <button
            type="button"
            className="fk-text-button fk-text-button--danger"
            onClick={() => void cancel()}
          >
            取消缴费
          </button>
        </div>
      )}
      {pending && showCode && <TerminalCode chargeId={orderId} />}
      {data.status === 'EXPIRED' && (
        <button
          type="button"
          className="fk-button fk-button--primary fk-button--block"
          disabled={busy}
          onClick={() => void relock()}
        >
          重新锁定并支付
        </button>
      )}
      {(data.status === 'CANCELLED' || data.status === 'EXPIRED') && (
        <Link className="fk-button fk-button--block" to="/outpatientFee/list" replace>
          重新选择处方
        </Link>
      )}
      {pending && (
        <PayFooter
          payment={payment}
          label={mode === 'MEDICAL' ? '医保支付' : '立即支付'}
          onPay={() => void pay()}
        >
          <span className="fe-total">
            合计 <strong>{yuan(data.total)}</strong>
          </span>
        </PayFooter>
      )}
    </div>
  );
}
