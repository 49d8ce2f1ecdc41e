import { api } from '@patient/api-client';
import { type Contact, sendContactPhoneCode, verifyContactPhone } from '@patient/contract';
import { reloadContacts } from '@patient/feature-kit';
import { toast, useCountdown, withLoading } from '@patient/ui-kit';
import { type FormEvent, useState } from 'react';
import { fieldAria } from './FormRow.tsx';
import { maskedPhone } from './labels.ts';
import '@patient/feature-kit/base.css';
import './contacts.css';

const CODE_PATTERN = /^\d{6}$/;

export interface PhoneVerificationProps {
  contact: Contact;
  /** Called after the service confirmed the code (app state's contacts are reloaded by then). */
  onVerified(): void;
}

/** Confirms a contact's phone by SMS code (/phone/sms, then /contact/phone); resend after the countdown. */
export function PhoneVerification({ contact, onVerified }: PhoneVerificationProps) {
  const { phone } = contact.contactDO;
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [resendAt, setResendAt] = useState(0);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState<'send' | 'verify' | null>(null);
  const secondsLeft = useCountdown(resendAt);

  const onSend = async () => {
    if (busy || secondsLeft > 0) return;
    setBusy('send');
    try {
      const { resendAfterSeconds } = await api.request(sendContactPhoneCode, { query: { phone } });
      setResendAt(Date.now() + resendAfterSeconds * 1000);
      setSent(true);
      void toast('验证码已发送');
    } catch {
      // api-client has shown why (too many requests, gateway down …)
    } finally {
      setBusy(null);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!CODE_PATTERN.test(code)) {
      setError('请输入6位数字验证码');
      return;
    }
    setError('');
    setBusy('verify');
    try {
      await withLoading(
        () =>
          api.request(verifyContactPhone, { query: { contactId: contact.contactId, phone, number: code } }),
        '正在验证...',
      );
      await reloadContacts().catch(() => undefined);
      void toast('手机号验证成功');
      onVerified();
    } catch {
      setCode('');
    } finally {
      setBusy(null);
    }
  };

  return (
    <form className="fk-group pt-verify" onSubmit={onSubmit} noValidate aria-label="验证手机号">
      <p className="pt-verify__intro">
        验证码将发送至 <strong>{maskedPhone(contact)}</strong>
        {sent && '，请查收短信'}
      </p>
      <div className="pt-row" data-invalid={error ? true : undefined}>
        <div className="pt-row__main">
          <label className="pt-row__label" htmlFor="verify-code">
            验证码
          </label>
          <div className="pt-row__control">
            <input
              id="verify-code"
              className="pt-input"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="请输入6位验证码"
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              {...fieldAria('verify-code', error)}
            />
          </div>
          <button
            type="button"
            className="fk-text-button"
            onClick={onSend}
            disabled={busy === 'send' || secondsLeft > 0}
          >
            {secondsLeft > 0 ? `${secondsLeft}秒后重发` : sent ? '重新发送' : '获取验证码'}
          </button>
        </div>
        {error && (
          <p className="pt-row__error" id="verify-code-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button
        type="submit"
        className="fk-button fk-button--primary fk-button--block"
        disabled={busy === 'verify'}
      >
        {busy === 'verify' ? '验证中...' : '验证'}
      </button>
    </form>
  );
}
