import { ApiError, api, isCancelled } from '@patient/api-client';
import { useAppState } from '@patient/app-state';
import { bindPhone, type LegalDocumentSummary, listLegalDocuments, sendLoginCode } from '@patient/contract';
import { useHospitalConfig } from '@patient/hospital-config';
import { toast, useCountdown } from '@patient/ui-kit';
import { validatePhone } from '@patient/validation';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import './login.css';

const CODE_PATTERN = /^\d{6}$/;

/** Shown when 登录 is pressed without the box ticked. */
export const AGREE_FIRST = '请先阅读并勾选同意《用户协议》和《隐私政策》';

type Documents =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; policyVersion: string; agreementVersion: string };

/** The hospital's current 隐私政策 and 用户协议 versions: what the box agrees to. */
function useCurrentDocuments(hospitalId: string | null) {
  const [documents, setDocuments] = useState<Documents>({ state: 'loading' });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  useEffect(() => {
    if (!hospitalId) return;
    const controller = new AbortController();
    setDocuments({ state: 'loading' });
    api
      .request(listLegalDocuments, { query: { hospitalId } }, { signal: controller.signal, silent: true })
      .then((list: LegalDocumentSummary[]) => {
        const version = (kind: string) => list.find((d) => d.kind === kind)?.version;
        const policyVersion = version('POLICY');
        const agreementVersion = version('AGREEMENT');
        setDocuments(
          policyVersion && agreementVersion
            ? { state: 'ready', policyVersion, agreementVersion }
            : { state: 'failed' },
        );
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted && !isCancelled(error)) setDocuments({ state: 'failed' });
      });
    return () => controller.abort();
  }, [hospitalId, round]);
  return { documents, reload };
}

/** Where to go after login: a same-app path from ?redirect=, else the homepage. */
export function redirectTarget(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/login')
    ? value
    : '/homepage';
}

/**
 * SMS-code login: phone, code (resend after the countdown), the box that agrees to the hospital's current
 * 用户协议 and 隐私政策 (never pre-ticked; the login records both consents), then back to where the patient was
 * going.
 */
export default function LoginPage() {
  const config = useHospitalConfig();
  const hospitalName = useAppState((s) => s.hospitalName) ?? config.name;
  const update = useAppState((s) => s.update);
  const hospitalId = useAppState((s) => s.hospitalId) ?? config.id;
  const { documents, reload } = useCurrentDocuments(hospitalId);
  const [agreed, setAgreed] = useState(false);
  const [agreeError, setAgreeError] = useState(false);
  const agreeBox = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; code?: string }>({});
  const [resendAt, setResendAt] = useState(0);
  const [busy, setBusy] = useState<'send' | 'login' | null>(null);
  const secondsLeft = useCountdown(resendAt);

  const checkPhone = () => {
    const result = validatePhone(phone);
    setErrors((e) => ({ ...e, phone: result.valid ? undefined : result.message }));
    return result.valid;
  };

  const onSend = async () => {
    if (!checkPhone() || busy || secondsLeft > 0) return;
    setBusy('send');
    try {
      const { resendAfterSeconds } = await api.request(sendLoginCode, { body: { phone } });
      setResendAt(Date.now() + resendAfterSeconds * 1000);
      void toast('验证码已发送');
    } catch {
      // api-client has shown the reason (e.g. too many requests)
    } finally {
      setBusy(null);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const phoneOk = checkPhone();
    const codeOk = CODE_PATTERN.test(code);
    setErrors((e) => ({ ...e, code: codeOk ? undefined : '请输入6位数字验证码' }));
    if (!phoneOk || !codeOk || busy) return;
    if (!agreed) {
      setAgreeError(true);
      agreeBox.current?.focus();
      return;
    }
    if (!hospitalId || documents.state !== 'ready') return;
    setBusy('login');
    try {
      const agreement = {
        hospitalId,
        policyVersion: documents.policyVersion,
        agreementVersion: documents.agreementVersion,
      };
      const user = await api.request(bindPhone, { body: { phone, code, agreement } });
      update((s) => {
        s.auth = user;
        s.contactsLoaded = false;
      });
      void toast('登录成功');
      navigate(redirectTarget(params.get('redirect')), { replace: true });
    } catch (error) {
      // A document changed since it was shown (409): read the new versions, and agree again.
      if (error instanceof ApiError && error.status === 409) {
        setAgreed(false);
        reload();
        return;
      }
      setCode('');
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="login">
      <h2 className="login__title">欢迎登录</h2>
      <p className="login__subtitle">{hospitalName} · 患者自助服务</p>
      <form className="login__form" onSubmit={onSubmit} noValidate>
        <label className="login__field">
          <span className="login__label">手机号</span>
          <input
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={11}
            placeholder="请输入手机号"
            value={phone}
            onChange={(e) => setPhone(e.target.value.trim())}
            aria-invalid={errors.phone ? true : undefined}
          />
        </label>
        {errors.phone && (
          <p className="login__error" role="alert">
            {errors.phone}
          </p>
        )}
        <div className="login__field">
          <label className="login__label" htmlFor="login-code">
            验证码
          </label>
          <input
            id="login-code"
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="请输入验证码"
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            aria-invalid={errors.code ? true : undefined}
          />
          <button
            type="button"
            className="login__send"
            onClick={onSend}
            disabled={busy === 'send' || secondsLeft > 0}
          >
            {secondsLeft > 0 ? `${secondsLeft}秒后重发` : '获取验证码'}
          </button>
        </div>
        {errors.code && (
          <p className="login__error" role="alert">
            {errors.code}
          </p>
        )}
        <button type="submit" className="login__submit" disabled={busy === 'login'}>
          {busy === 'login' ? '登录中...' : '登录'}
        </button>
        <p className="login__hint">未注册的手机号验证后将自动创建账号</p>
      </form>
      <div className="login__legal">
        <label className="login__agree">
          <input
            ref={agreeBox}
            type="checkbox"
            checked={agreed}
            disabled={documents.state !== 'ready'}
            onChange={(e) => {
              setAgreed(e.target.checked);
              if (e.target.checked) setAgreeError(false);
            }}
            aria-invalid={agreeError ? true : undefined}
            aria-describedby={agreeError ? 'login-agree-error' : undefined}
          />
          <span>我已阅读并同意</span>
        </label>
        <Link to="/privacy/agreement">《用户协议》</Link>和<Link to="/privacy/policy">《隐私政策》</Link>
        {documents.state === 'ready' && (
          <p className="login__versions">
            用户协议 {documents.agreementVersion} 版 · 隐私政策 {documents.policyVersion} 版
          </p>
        )}
        {documents.state === 'failed' && (
          <p className="login__error" role="alert">
            协议加载失败，暂时无法登录
            <button type="button" className="login__retry" onClick={reload}>
              重新加载
            </button>
          </p>
        )}
        {!hospitalId && (
          <p className="login__error" role="alert">
            未选择医院，请从医院的服务入口进入后登录
          </p>
        )}
        {agreeError && (
          <p id="login-agree-error" className="login__error" role="alert">
            {AGREE_FIRST}
          </p>
        )}
      </div>
    </div>
  );
}
