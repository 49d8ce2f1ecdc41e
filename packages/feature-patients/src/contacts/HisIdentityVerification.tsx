import { ApiError, api } from '@patient/api-client';
import {
  sendHisIdentityCode,
  startFaceVerification,
  verifyFaceResult,
  verifyHisIdentity,
} from '@patient/contract';
import { reloadContacts } from '@patient/feature-kit';
import { toast, useCountdown, withLoading } from '@patient/ui-kit';
import { maskName } from '@patient/validation';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { fieldAria } from './FormRow.tsx';
import '@patient/feature-kit/base.css';
import './contacts.css';

const CODE_PATTERN = /^\d{6}$/;

/** The query parameter the face verification page comes back with (its value: the contact's id). */
const FACE_RETURN = 'faceReturn';
const faceTicketKey = (contactId: string) => `pt-face-ticket:${contactId}`;

/** Where the browser goes for the face verification (a seam for tests). */
export const faceBrowser = { assign: (url: string) => window.location.assign(url) };

/** This page again, marked as the face verification's return for the contact. */
function returnPathOf(pathname: string, search: string, contactId: string): string {
  const params = new URLSearchParams(search);
  params.set(FACE_RETURN, contactId);
  return `${pathname}?${params}`;
}

export interface HisIdentityVerificationProps {
  contactId: string;
  /** The contact's name (shown masked). */
  name: string;
  /** Face verification is offered (the platform verifies resident ID card holders only). */
  faceAllowed?: boolean;
  /** Called once the service says the contact is proven (app state's contacts are reloaded by then). */
  onVerified(): void;
}

/**
 * 验证身份: the step before a contact's hospital data (HIS cards, reports, fees…). Two ways, both proving the
 * person rather than knowing their name and ID number: the code sent to the phone the hospital holds for the
 * person (shown masked once sent, never typed in here; sendHisIdentityCode, then verifyHisIdentity; resend after
 * the service's resendAfterSeconds; a wrong code clears the input), or 人脸识别验证 (startFaceVerification: the
 * browser goes to the platform's page, which comes back here with `faceReturn`; the ticket kept in
 * sessionStorage is then checked with verifyFaceResult).
 */
export function HisIdentityVerification({
  contactId,
  name,
  faceAllowed,
  onVerified,
}: HisIdentityVerificationProps) {
  const location = useLocation();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [busy, setBusy] = useState<'send' | 'verify' | 'face' | null>(null);
  const secondsLeft = useCountdown(resendAt);

  const proven = async () => {
    await reloadContacts().catch(() => undefined);
    onVerified();
  };

  // Back from the face verification page: ask for its result once (the ticket is used up either way).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (new URLSearchParams(location.search).get(FACE_RETURN) !== contactId) return;
    const ticket = sessionStorage.getItem(faceTicketKey(contactId));
    sessionStorage.removeItem(faceTicketKey(contactId));
    if (!ticket) return;
    setBusy('face');
    withLoading(
      () => api.request(verifyFaceResult, { params: { contactId }, body: { ticket } }),
      '正在查询人脸识别结果...',
    )
      .then(async () => {
        void toast('身份验证成功');
        await proven();
      })
      .catch(() => undefined) // api-client has shown why
      .finally(() => setBusy(null));
  }, []);

  const onFace = async () => {
    if (busy) return;
    setBusy('face');
    try {
      const started = await withLoading(
        () =>
          api.request(startFaceVerification, {
            params: { contactId },
            body: { returnPath: returnPathOf(location.pathname, location.search, contactId) },
          }),
        '正在打开人脸识别...',
      );
      sessionStorage.setItem(faceTicketKey(contactId), started.ticket);
      faceBrowser.assign(started.verifyUrl);
    } catch (failure) {
      if (failure instanceof ApiError && failure.state === 409) await proven();
    } finally {
      setBusy(null);
    }
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
        为保护就诊人隐私，查看{maskName(name)}在医院的就诊卡、报告和费用等信息前，需要验证身份。验证码将发送至
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
      {faceAllowed && (
        <div className="pt-verify__face">
          <p className="pt-verify__intro">就诊人本人在身边？也可以由就诊人本人进行人脸识别验证。</p>
          <button
            type="button"
            className="fk-button fk-button--block"
            onClick={onFace}
            disabled={busy === 'face'}
          >
            {busy === 'face' ? '正在打开...' : '人脸识别验证'}
          </button>
        </div>
      )}
    </form>
  );
}
