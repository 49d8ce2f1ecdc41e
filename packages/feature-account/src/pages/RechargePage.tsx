import { api } from '@patient/api-client';
import { createRecharge, type EndpointResult, rechargeInfo } from '@patient/contract';
import {
  BadLink,
  NoHospital,
  PayFooter,
  PaymentNotice,
  RemoteState,
  usePayFlow,
  useRemote,
} from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { isCode, parseRechargeAmount, yuanText } from '../format.ts';
import { useHospitalId } from '../hospital.ts';
import { accountPath, rechargeSuccessPath } from '../paths.ts';
import '@patient/feature-kit/base.css';
import '../account.css';

/**
 * 预交金充值 (/recharge/:contactId): the account (holder masked, number, balance), the suggested amounts and
 * 其他金额 typed in yuan; a bad amount is named beside the field and nothing is sent; 立即充值 places the
 * recharge order and pays it through the payment module.
 */
export default function RechargePage() {
  const { contactId } = useParams();
  const hospitalId = useHospitalId();
  const valid = isCode(contactId) && isCode(hospitalId);
  const info = useRemote(
    valid ? (signal) => api.request(rechargeInfo, { body: { hospitalId, contactId } }, { signal }) : null,
    `${hospitalId}/${contactId}`,
  );
  if (!hospitalId) return <NoHospital />;
  if (!valid)
    return <BadLink page message="链接无效，请从预交金账户进入充值" to="/account" back="预交金账户" />;
  if (info.data === null) {
    return (
      <div className="fk-page">
        <RemoteState
          remote={info}
          loading="正在加载账户..."
          failed="充值信息加载失败"
          contactId={contactId}
          paddingTop={24}
        />
      </div>
    );
  }
  return <RechargeForm info={info.data} hospitalId={hospitalId} />;
}

type Info = EndpointResult<typeof rechargeInfo>;

function RechargeForm({ info, hospitalId }: { info: Info; hospitalId: string }) {
  const { account } = info;
  const [preset, setPreset] = useState<number | null>(info.presetsFen[1] ?? null);
  const [custom, setCustom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  const payment = usePayFlow();
  const navigate = useNavigate();
  const fieldId = useId();

  if (account.status !== 'OPEN') {
    return (
      <div className="fk-page">
        <EmptyState text="该账户已注销，不能充值">
          <Link
            className="fk-button fk-button--primary fk-button--inline"
            to={accountPath(account.contactId)}
          >
            返回预交金账户
          </Link>
        </EmptyState>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let fen: number;
    if (custom.trim() !== '' || preset === null) {
      const parsed = parseRechargeAmount(custom, info);
      if (parsed.error !== null) {
        setError(parsed.error);
        return;
      }
      fen = parsed.fen;
    } else {
      fen = preset;
      if (fen > info.roomFen) {
        setError(`已接近账户余额上限，本次最多可充${yuanText(info.roomFen)}元`);
        return;
      }
    }
    setError(null);
    setPlacing(true);
    try {
      const order = await api.request(createRecharge, {
        body: { hospitalId, accountId: account.accountId, amount: fen },
      });
      setPlacing(false);
      // A cashier comes back to the success page, which confirms; a pay sheet settles here.
      const done = rechargeSuccessPath(order.rechargeId);
      const outcome = await payment.payThen(
        { orderType: 'ACCOUNT_RECHARGE', orderId: order.rechargeId, returnPath: done, hospitalId },
        done,
      );
      if (outcome?.status === 'PENDING') navigate(done, { replace: true });
    } catch {
      // api-client has shown why
      setPlacing(false);
    }
  };

  return (
    <form className="fk-page fk-page--with-footer" onSubmit={submit} aria-label="预交金充值" noValidate>
      <section className="fk-card pa-balance" aria-label="充值账户">
        <dl className="pa-facts">
          <div>
            <dt>就诊人</dt>
            <dd>{account.patientName}</dd>
          </div>
          <div>
            <dt>账户</dt>
            <dd>{account.accountNo}</dd>
          </div>
          <div>
            <dt>当前余额</dt>
            <dd>{yuanText(account.balance)}元</dd>
          </div>
        </dl>
      </section>
      <fieldset className="fk-card pa-amounts">
        <legend className="fk-section-title">充值金额</legend>
        <div className="pa-presets">
          {info.presetsFen.map((fen) => (
            <label key={fen} className="fk-choice pa-preset" data-selected={preset === fen && custom === ''}>
              <input
                type="radio"
                name="preset"
                className="fk-visually-hidden"
                checked={preset === fen && custom === ''}
                onChange={() => {
                  setPreset(fen);
                  setCustom('');
                  setError(null);
                }}
              />
              {yuanText(fen).replace(/\.00$/, '')}元
            </label>
          ))}
        </div>
        <label className="pa-label" htmlFor={fieldId}>
          其他金额（元）
        </label>
        <input
          id={fieldId}
          className="pa-input"
          inputMode="decimal"
          placeholder={`${yuanText(info.minFen)}～${yuanText(Math.min(info.maxFen, info.roomFen))}`}
          value={custom}
          aria-invalid={error !== null}
          aria-describedby={error ? `${fieldId}-error` : `${fieldId}-hint`}
          onChange={(e) => {
            setCustom(e.target.value);
            setError(null);
          }}
        />
        {error ? (
          <p id={`${fieldId}-error`} className="pa-error" role="alert">
            {error}
          </p>
        ) : (
          <p id={`${fieldId}-hint`} className="fk-muted">
            单次充值{yuanText(info.minFen)}～{yuanText(info.maxFen)}元，账户余额不超过
            {yuanText(info.roomFen + account.balance)}元
          </p>
        )}
      </fieldset>
      <p className="fk-muted pa-note">
        充值款项进入本院预交金账户，就诊时可直接扣费；注销账户时余额原路退回。
      </p>
      <PaymentNotice payment={payment} />
      <PayFooter payment={payment} label="立即充值" working={placing ? '正在下单...' : null} />
    </form>
  );
}
