import { ApiError, api } from '@patient/api-client';
import { sendHisIdentityCode, verifyHisIdentity } from '@patient/contract';
import { reloadContacts } from '@patient/feature-kit';
import { toast, withLoading } from '@patient/ui-kit';
import { maskName } from '@patient/validation';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { fieldAria } from './FormRow.tsx';
import { authenticationPath } from './paths.ts';
import { useCountdown } from './useCountdown.ts';
import '@patient/feature-kit/base.css';
import './contacts.css';

const CODE_PATTERN = /^\d{6}$/;

export interface HisIdentityVerificationProps {
  contactId: string;
  /** The contact's name (shown masked). */
  name: string;
  /** 本人: real-name certification proves them too, so a link to it is offered. */
  self?: boolean;
  /** Called once the service says the contact is proven (app state's contacts are reloaded by then). */
  onVerified(): void;
}

/**
 * 验证身份: the step before a contact's hospital data (HIS cards, examination requests). The code goes to the
 * phone the hospital holds for the person (shown masked once sent, never typed in here), so only someone the
 * person gives it to can see their data. sendHisIdentityCode, then verifyHisIdentity; resend after the
 * service's resendAfterSeconds; a wrong code clears the input.
 */
export function HisIdentityVerification({ contactId, name, self, onVerified }: HisIdentityVerificationProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [busy, setBusy] = useState<'send' | 'verify' | null>(null);
  const secondsLeft = useCountdown(resendAt);

  const proven = async () => {
    await reloadContacts().catch(() => undefined);
    onVerified();
  };

  const onSend = async () => {
    if (busy || secondsLeft > 0) return;
    setBusy('send');
    try {
      const sent = await api.request(sendHisIdentityCode, { params: { contactId } });
      setSentTo(sent.maskedPhone);
      setResendAt(Date.now() + sent.resendAfterSeconds * 1000);
      void toast('验证码已发送');
    } catch (failure) {
      // api-client has shown why; 'already proven' (a list out of date) lets the patient go on.
      if (failure instanceof ApiError && failure.state === 409) await proven();
    } finally {
      setBusy(null);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!CODE_PATTERN.test(code)) {
      setError('请输入6位数字验证码');
      document.getElementById('his-code')?.focus();
      return;
    }
    setError('');
    setBusy('verify');
    try {
      await withLoading(
        () => api.request(verifyHisIdentity, { params: { contactId }, body: { code } }),
        '正在验证...',
      );
      void toast('身份验证成功');
      await proven();
    } catch {
      setCode('');
    } finally {
      setBusy(null);
    }
  };

  return (
    <form className="fk-group pt-verify" onSubmit={onSubmit} noValidate aria-label="验证就诊人身份">
      <p className="pt-verify__intro">
        为保护就诊人隐私，查看{maskName(name)}在医院的就诊卡和检查申请前，需要验证身份。验证码将发送至
        {sentTo ? (
          <>
            医院登记的手机号 <strong>{sentTo}</strong>，请向就诊人索取验证码
          </>
        ) : (
          '就诊人在医院登记的手机号'
        )}
        。
      </p>
      <div className="pt-row" data-invalid={error ? true : undefined}>
        <div className="pt-row__main">
          <label className="pt-row__label" htmlFor="his-code">
            验证码
          </label>
          <div className="pt-row__control">
            <input
              id="his-code"
              className="pt-input"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="请输入6位验证码"
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              {...fieldAria('his-code', error)}
            />
          </div>
          <button
            type="button"
            className="fk-text-button"
            onClick={onSend}
            disabled={busy === 'send' || secondsLeft > 0}
          >
            {secondsLeft > 0 ? `${secondsLeft}秒后重发` : sentTo ? '重新发送' : '获取验证码'}
          </button>
        </div>
        {error && (
          <p className="pt-row__error" id="his-code-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button
        type="submit"
        className="fk-button fk-button--primary fk-button--block"
        disabled={busy === 'verify'}
      >
        {busy === 'verify' ? '验证中...' : '验证身份'}
      </button>
      {self && (
        <p className="pt-verify__intro">
          就诊人是您本人？完成
          <Link className="fk-link" to={authenticationPath(contactId)}>
            实名认证
          </Link>
          后即可直接查看。
        </p>
      )}
    </form>
  );
}
