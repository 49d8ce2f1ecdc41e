import { api, isCancelled } from '@patient/api-client';
import { appStore } from '@patient/app-state';
import {
  type DeletionOverview,
  deleteAccount,
  getAccountDeletion,
  sendDeletionCode,
} from '@patient/contract';
import { RemotePage, useRemote } from '@patient/feature-kit';
import { confirm, toast, useCountdown, withLoading } from '@patient/ui-kit';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import '@patient/feature-kit/base.css';
import '../consent.css';

const CODE_PATTERN = /^\d{6}$/;

/**
 * 注销账号 (/privacy/deletion): what is deleted at once and what the law keeps (with the period and the rule), as
 * the service says; the reasons it cannot be done now (money in flight), each named; otherwise an unticked
 * acknowledgement, the SMS code sent to the account's phone, and a last confirm. After it the app forgets the
 * user and goes to the homepage.
 */
export default function AccountDeletionPage() {
  const overview = useRemote((signal) => api.request(getAccountDeletion, {}, { signal }), '');
  return (
    <RemotePage remote={overview} loading="正在加载..." failed="注销信息加载失败">
      {(data) => <Deletion data={data} reload={overview.reload} />}
    </RemotePage>
  );
}

function Deletion({ data, reload }: { data: DeletionOverview; reload(): void }) {
  const navigate = useNavigate();
  const [understood, setUnderstood] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [sent, setSent] = useState(false);
  const [resendAt, setResendAt] = useState(0);
  const [busy, setBusy] = useState<'send' | 'delete' | null>(null);
  const secondsLeft = useCountdown(resendAt);
  const blocked = data.blockers.length > 0;

  const onSend = async () => {
    if (busy || secondsLeft > 0) return;
    setBusy('send');
    try {
      const answer = await api.request(sendDeletionCode, {});
      setSent(true);
      setResendAt(Date.now() + answer.resendAfterSeconds * 1000);
      void toast('验证码已发送');
    } catch {
      // api-client has shown why
    } finally {
      setBusy(null);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || blocked || !understood) return;
    if (!CODE_PATTERN.test(code)) {
      setError('请输入6位数字验证码');
      document.getElementById('deletion-code')?.focus();
      return;
    }
    setError('');
    const sure = await confirm({
      title: '确定注销账号吗？',
      message: '注销后，您的账号、就诊人、就诊卡等个人信息将立即删除且无法恢复，所有设备将退出登录。',
      confirmText: '确定注销',
      cancelText: '再想想',
      danger: true,
    });
    if (!sure) return;
    setBusy('delete');
    try {
      await withLoading(() => api.request(deleteAccount, { body: { code } }), '正在注销...');
      appStore.getState().resetUser();
      void toast('账号已注销');
      navigate('/homepage', { replace: true });
    } catch (failure) {
      // api-client has shown why (a wrong code, or the money that stops it: then the list shows it).
      if (!isCancelled(failure)) {
        setCode('');
        reload();
      }
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="fk-page">
      {blocked && (
        <div className="fk-notice fk-notice--error" role="alert">
          <p className="cs-del__lead">暂时无法注销账号：</p>
          <ul className="cs-del__list" aria-label="无法注销的原因">
            {data.blockers.map((b) => (
              <li key={b.message}>{b.message}</li>
            ))}
          </ul>
        </div>
      )}
      <h2 className="fk-section-title">注销后立即删除</h2>
      <ul className="fk-card cs-del__list" aria-label="注销后立即删除">
        {data.erased.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <h2 className="fk-section-title">依法保留（与您的身份脱离关联）</h2>
      <ul className="fk-card cs-del__list" aria-label="依法保留">
        {data.kept.map((k) => (
          <li key={k.what}>
            {k.what}：保留{k.period}，依据{k.rule}。保留期间仅作存储，不再与您的账号、姓名关联，期满删除。
          </li>
        ))}
      </ul>
      <form className="fk-card" onSubmit={onSubmit} noValidate aria-label="确认注销">
        <label className="cs-agree__item">
          <input
            type="checkbox"
            checked={understood}
            disabled={blocked}
            onChange={(e) => setUnderstood(e.target.checked)}
          />
          <span>我已了解：注销后上述信息将被删除且无法恢复，账号下的服务记录将无法再查看</span>
        </label>
        <label className="cs-del__label" htmlFor="deletion-code">
          短信验证码（发送至 {data.phone}）
        </label>
        <div className="cs-del__code">
          <input
            id="deletion-code"
            className="cs-del__input"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="请输入6位验证码"
            value={code}
            disabled={blocked}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'deletion-code-error' : undefined}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
          <button
            type="button"
            className="fk-text-button"
            onClick={onSend}
            disabled={blocked || busy === 'send' || secondsLeft > 0}
          >
            {secondsLeft > 0 ? `${secondsLeft}秒后重发` : sent ? '重新发送' : '获取验证码'}
          </button>
        </div>
        {error && (
          <p className="cs-del__error" id="deletion-code-error" role="alert">
            {error}
          </p>
        )}
        <button
          type="submit"
          className="fk-button fk-button--danger fk-button--block"
          disabled={blocked || !understood || busy === 'delete'}
        >
          注销账号
        </button>
      </form>
    </div>
  );
}
