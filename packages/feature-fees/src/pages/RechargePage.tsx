import { api } from '@patient/api-client';
import { DEPOSIT_LIMITS, DEPOSIT_PRESETS, payAdvancePayment } from '@patient/contract';
import {
  BadLink,
  ChoiceGroup,
  PayFooter,
  PaymentNotice,
  RemoteState,
  usePayFlow,
} from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { type FormEvent, useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import { parseDepositYuan, yuan } from '../format.ts';
import { useHospitalId } from '../hospital.ts';
import { isId, rechargeSuccessPath } from '../paths.ts';
import { StayMoney, useContactStay } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../fees.css';

const CUSTOM = 'custom';

/**
 * 押金充值 (/inpatientFee/rechargeFee/:contactId): the stay's balance, suggested amounts or a custom one within
 * the hospital's limits (checked beside the field; nothing is sent while it is wrong), then paid through the
 * payment module; the result page shows the new balance.
 */
export default function RechargePage() {
  const { contactId = '' } = useParams();
  const hospitalId = useHospitalId();
  const valid = isId(contactId);
  const { stays, stay } = useContactStay(hospitalId, valid ? contactId : null);
  const [choice, setChoice] = useState<string>(String(DEPOSIT_PRESETS[0]));
  const [custom, setCustom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const payment = usePayFlow();
  const errorId = useId();

  if (!valid) return <BadLink page message="充值链接无效" to="/inpatientFee/manage" back="返回住院服务" />;
  if (!stay) {
    return (
      <div className="fk-page">
        {stays.status === 'ready' ? (
          <EmptyState text="该就诊人暂无住院记录" />
        ) : (
          <RemoteState remote={stays} loading="正在查询住院信息..." failed="住院信息加载失败" />
        )}
      </div>
    );
  }
  if (stay.status !== 'IN_HOSPITAL') {
    return (
      <div className="fk-page">
        <EmptyState text="该次住院已出院，不能再缴纳预交金，请办理出院结算" />
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let amount: number;
    if (choice === CUSTOM) {
      const parsed = parseDepositYuan(custom);
      if ('error' in parsed) {
        setError(parsed.error);
        return;
      }
      amount = parsed.fen;
    } else amount = Number(choice);
    setError(null);
    setBusy(true);
    try {
      const deposit = await api.request(payAdvancePayment, {
        body: { inpatientId: stay.inpatientId, amount },
      });
      const done = rechargeSuccessPath(deposit.depositId);
      await payment.payThen(
        {
          orderType: 'INPATIENT_DEPOSIT',
          orderId: deposit.depositId,
          returnPath: done,
          hospitalId: stay.hospitalId,
        },
        done,
      );
    } catch {
      // shown by api-client
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="fk-page fk-page--with-footer" onSubmit={submit} noValidate>
      <p className="fe-meta">
        住院人 {stay.patientName} · 住院号 {stay.admissionNo}
      </p>
      <StayMoney stay={stay} />
      <section className="fk-card" aria-label="充值金额">
        <h2 className="fk-section-title">充值金额</h2>
        <ChoiceGroup
          label="充值金额"
          name="amount"
          grid
          value={choice}
          onChange={(v) => {
            setChoice(v);
            setError(null);
          }}
          options={[
            ...DEPOSIT_PRESETS.map((fen) => ({ value: String(fen), text: yuan(fen) })),
            { value: CUSTOM, text: '其他金额' },
          ]}
        />
        {choice === CUSTOM && (
          <label className="fe-field">
            其他金额（元）
            <input
              inputMode="decimal"
              value={custom}
              placeholder={`${DEPOSIT_LIMITS.min / 100} - ${DEPOSIT_LIMITS.max / 100}`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => {
                setCustom(e.target.value);
                setError(null);
              }}
            />
          </label>
        )}
        {error && (
          <p id={errorId} className="fe-field__error" role="alert">
            {error}
          </p>
        )}
        <p className="fe-meta">
          单次充值 {DEPOSIT_LIMITS.min / 100} 元至 {DEPOSIT_LIMITS.max / 100} 元；预交金在出院结算时多退少补。
        </p>
      </section>
      <PaymentNotice payment={payment} />
      <PayFooter payment={payment} label="立即充值" working={busy && !payment.busy ? '正在支付...' : null} />
    </form>
  );
}
