import { api } from '@patient/api-client';
import { useAppState } from '@patient/app-state';
import { bindPhone, sendLoginCode } from '@patient/contract';
import { useHospitalConfig } from '@patient/hospital-config';
import { toast } from '@patient/ui-kit';
import { validatePhone } from '@patient/validation';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useCountdown } from './useCountdown.ts';
import './login.css';

const CODE_PATTERN = /^\d{6}$/;

/** Where to go after login: a same-app path from ?redirect=, else the homepage. */
export function redirectTarget(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/login')
    ? value
    : '/homepage';
}

/** SMS-code login: phone, code (resend after the countdown), then back to where the patient was going. */
export default function LoginPage() {
  const config = useHospitalConfig();
  const hospitalName = useAppState((s) => s.hospitalName) ?? config.name;
  const update = useAppState((s) => s.update);
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
    setBusy('login');
    try {
      const user = await api.request(bindPhone, { body: { phone, code } });
      update((s) => {
        s.auth = user;
        s.contactsLoaded = false;
      });
      void toast('登录成功');
      navigate(redirectTarget(params.get('redirect')), { replace: true });
    } catch {
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
      <p className="login__legal">
        请阅读
        <Link to="/privacy/agreement">《用户协议》</Link>和<Link to="/privacy/policy">《隐私政策》</Link>
      </p>
    </div>
  );
}
