import { api, isCancelled } from '@patient/api-client';
import { appStore } from '@patient/app-state';
import { type ConsentRecord, listConsents, withdrawConsent } from '@patient/contract';
import { BadLink, LoadError, StatusBadge, useHospitalId, useRemote } from '@patient/feature-kit';
import { confirm, EmptyState, Spinner, toast } from '@patient/ui-kit';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { CONSENT_LABELS, consentLook, dateTime, WITHDRAW_EFFECTS } from '../format.ts';
import { PATHS } from '../paths.ts';
import '@patient/feature-kit/base.css';
import '../consent.css';

/**
 * 隐私与授权 (/privacy/consents): what the account has agreed to at this hospital, newest first, each with the
 * version and time (and the withdrawal's time: withdrawn consents stay listed); 撤回 asks first and says what
 * stops working. Links to read both documents.
 */
export default function ConsentsPage() {
  const hospitalId = useHospitalId();
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const list = useRemote(
    hospitalId ? (signal) => api.request(listConsents, { query: { hospitalId } }, { signal }) : null,
    hospitalId ?? '',
  );
  if (!hospitalId) return <BadLink page message="未选择医院" to="/homepage" back="返回首页" />;
  if (!list.data) {
    return (
      <div className="fk-page">
        {list.status === 'error' ? (
          <LoadError error={list.error} text="授权记录加载失败" onRetry={list.reload} />
        ) : (
          <Spinner text="正在加载..." />
        )}
      </div>
    );
  }

  const withdraw = async (c: ConsentRecord) => {
    const sure = await confirm({
      title: `撤回${CONSENT_LABELS[c.kind]}授权`,
      message: `${WITHDRAW_EFFECTS[c.kind]}确定撤回吗？`,
      confirmText: '撤回',
      cancelText: '再想想',
      danger: true,
    });
    if (!sure) return;
    setBusy(true);
    try {
      const done = await api.request(withdrawConsent, { body: { consentId: c.consentId } });
      if (done.kind !== 'SENSITIVE') {
        // The login agreed to it: the service ended the session; the next login asks again.
        appStore.getState().resetUser();
        void toast('已撤回，已退出登录');
        navigate('/homepage', { replace: true });
        return;
      }
      list.set((current) => current?.map((x) => (x.consentId === done.consentId ? done : x)) ?? null);
      void toast('已撤回');
    } catch (error) {
      if (!isCancelled(error)) list.reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="fk-page">
      <h2 className="fk-section-title">我的授权</h2>
      {list.data.length === 0 ? (
        <EmptyState text="您尚未同意任何协议" paddingTop={24} />
      ) : (
        <ul className="fk-list" aria-label="我的授权">
          {list.data.map((c) => (
            <li key={c.consentId} className="fk-card">
              <div className="fk-row__head">
                <span>{CONSENT_LABELS[c.kind]}</span>
                <StatusBadge info={consentLook(c)} />
              </div>
              <p className="cs-consent__line">版本 {c.version}</p>
              <p className="cs-consent__line">同意时间 {dateTime(c.agreedAt)}</p>
              {c.withdrawnAt && <p className="cs-consent__line">撤回时间 {dateTime(c.withdrawnAt)}</p>}
              {!c.withdrawnAt && (
                <div className="cs-consent__actions">
                  <button
                    type="button"
                    className="fk-button fk-button--danger fk-button--small"
                    disabled={busy}
                    onClick={() => withdraw(c)}
                  >
                    撤回
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <h2 className="fk-section-title">我的信息</h2>
      <p className="fk-card cs-links">
        <Link className="fk-link" to={PATHS.ACCESS_LOG}>
          访问记录：谁查看了我的信息
        </Link>
      </p>
      <h2 className="fk-section-title">协议全文</h2>
      <p className="fk-card cs-links">
        <Link className="fk-link" to={PATHS.POLICY}>
          《隐私政策》
        </Link>
        <Link className="fk-link" to={PATHS.AGREEMENT}>
          《用户协议》
        </Link>
      </p>
      <h2 className="fk-section-title">我的个人信息</h2>
      <p className="fk-card cs-links">
        <Link className="fk-link" to={PATHS.COPY}>
          个人信息副本
        </Link>
        <Link className="fk-link" to={PATHS.DELETION}>
          注销账号
        </Link>
      </p>
    </div>
  );
}
