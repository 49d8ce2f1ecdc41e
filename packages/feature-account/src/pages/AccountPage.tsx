import { api } from '@patient/api-client';
import { useAppState } from '@patient/app-state';
import { type AccountInfo, type Contact, closeAccount, getAccountInfo, openAccount } from '@patient/contract';
import { RemoteState, useRemote } from '@patient/feature-kit';
import { confirm, EmptyState, toast } from '@patient/ui-kit';
import { formatYuan } from '@patient/validation';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { chinaDate, chinaDateTime, yuanText } from '../format.ts';
import { accountCardsPath, rechargePath, transRecordPath } from '../paths.ts';
import { ContactGate } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../account.css';

/**
 * 预交金账户 (/account): choose the contact; their account at this hospital — the balance, the account and card
 * numbers, 充值, 交易记录, 关联就诊卡 and 注销账户 (the holder's full name typed, then a confirm; the balance
 * goes back the way it was paid) — or, without one, 开通 in the contact's real name.
 */
export default function AccountPage() {
  const [params, setParams] = useSearchParams();
  return (
    <div className="fk-page">
      <ContactGate
        value={params.get('contactId')}
        onChange={(contactId) => setParams({ contactId }, { replace: true })}
        what="预交金账户"
      >
        {(contact, hospitalId) => (
          <AccountPanel key={contact.contactId} contact={contact} hospitalId={hospitalId} />
        )}
      </ContactGate>
    </div>
  );
}

function AccountPanel({ contact, hospitalId }: { contact: Contact; hospitalId: string }) {
  const navigate = useNavigate();
  const info = useRemote(
    (signal) =>
      api.request(
        getAccountInfo,
        { params: { hospitalId }, body: { contactId: contact.contactId } },
        { signal },
      ),
    `${hospitalId}/${contact.contactId}`,
  );
  const [busy, setBusy] = useState(false);
  if (info.data === null) {
    return (
      <RemoteState
        remote={info}
        loading="正在查询预交金账户..."
        failed="预交金账户加载失败"
        contactId={contact.contactId}
        paddingTop={24}
      />
    );
  }
  const data = info.data;
  const open = async () => {
    const agreed = await confirm({
      title: '开通预交金账户',
      message: `将以就诊人 ${data.patientName}（${data.identityCard}）的实名信息开通本院预交金账户，充值后可在门诊缴费时使用，注销时余额原路退回。`,
      confirmText: '同意并开通',
    });
    if (!agreed) return;
    setBusy(true);
    try {
      await api.request(openAccount, { params: { hospitalId }, body: { contactId: contact.contactId } });
      void toast('开通成功');
      info.reload();
    } catch {
      // api-client has shown why
    } finally {
      setBusy(false);
    }
  };

  if (data.cardNo === null && data.account?.status !== 'OPEN') {
    return (
      <EmptyState text="该就诊人在本院还没有就诊卡，绑定就诊卡后可开通预交金账户" paddingTop={24}>
        <Link
          className="fk-button fk-button--primary fk-button--inline"
          to={`/addContactCard/${[
            contact.contactId,
            hospitalId,
            contact.contactDO.documentNumber,
            contact.contactDO.name,
          ]
            .map(encodeURIComponent)
            .join('/')}`}
        >
          绑定就诊卡
        </Link>
      </EmptyState>
    );
  }
  if (data.account?.status !== 'OPEN') {
    return (
      <section className="fk-card pa-open" aria-label="开通预交金账户">
        <h2 className="fk-section-title">尚未开通预交金账户</h2>
        {data.account?.closedAt && (
          <p className="fk-muted">
            原账户 {data.account.accountNo} 已于 {chinaDateTime(data.account.closedAt)} 注销
          </p>
        )}
        <ul className="pa-points">
          <li>就诊人：{data.patientName}</li>
          <li>证件号：{data.identityCard}</li>
          <li>就诊卡：{data.cardNo}</li>
        </ul>
        <p className="fk-muted">开通后可在线充值，就诊时在医院窗口或自助机直接扣费，免去每次缴费排队。</p>
        <button
          type="button"
          className="fk-button fk-button--primary fk-button--block"
          disabled={busy}
          onClick={open}
        >
          {busy ? '正在开通...' : '开通预交金账户'}
        </button>
      </section>
    );
  }
  return (
    <OpenAccount
      info={data}
      onClosed={info.reload}
      onRecharge={() => navigate(rechargePath(contact.contactId))}
    />
  );
}

function OpenAccount({
  info,
  onClosed,
  onRecharge,
}: {
  info: AccountInfo;
  onClosed(): void;
  onRecharge(): void;
}) {
  const account = info.account as NonNullable<AccountInfo['account']>;
  const organisationCode = useAppState((s) => s.organizationCode) || '0';
  const [closing, setClosing] = useState(false);
  return (
    <>
      <section className="fk-card pa-balance" aria-label="账户余额">
        <p className="pa-balance__label">账户余额（元）</p>
        <p className="pa-balance__amount">{yuanText(account.balance)}</p>
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
            <dt>就诊卡</dt>
            <dd>{account.cardNo}</dd>
          </div>
          <div>
            <dt>开通日期</dt>
            <dd>{chinaDate(account.openedAt)}</dd>
          </div>
        </dl>
        <button type="button" className="fk-button fk-button--primary fk-button--block" onClick={onRecharge}>
          充值
        </button>
      </section>
      <nav className="fk-card pa-links" aria-label="账户服务">
        <Link className="fk-link" to={transRecordPath(account.accountId)}>
          充值及消费记录
        </Link>
        <Link className="fk-link" to={accountCardsPath(account, organisationCode)}>
          关联就诊卡
        </Link>
      </nav>
      {closing ? (
        <ClosePanel info={info} onCancel={() => setClosing(false)} onClosed={onClosed} />
      ) : (
        <button
          type="button"
          className="fk-text-button fk-text-button--danger pa-close"
          onClick={() => setClosing(true)}
        >
          注销账户
        </button>
      )}
    </>
  );
}

/** 注销账户: the full name of the holder, then a confirm that says what goes back. */
function ClosePanel({ info, onCancel, onClosed }: { info: AccountInfo; onCancel(): void; onClosed(): void }) {
  const account = info.account as NonNullable<AccountInfo['account']>;
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError('请输入账户人的完整姓名');
      return;
    }
    setError(null);
    const agreed = await confirm({
      title: '确认注销账户',
      message:
        account.balance > 0
          ? `注销后账户余额 ${formatYuan(account.balance)} 将原路退回至充值时的支付账户，一般1-7个工作日到账；注销后不能再用该账户缴费。`
          : '注销后不能再用该账户缴费，需要时可重新开通。',
      confirmText: '确认注销',
      danger: true,
    });
    if (!agreed) return;
    setBusy(true);
    try {
      const result = await api.request(closeAccount, {
        query: { accountId: account.accountId, name: name.trim() },
      });
      void toast(result.refundFen > 0 ? `已注销，${formatYuan(result.refundFen)} 原路退回中` : '账户已注销');
      onClosed();
    } catch {
      // api-client has shown why (a wrong name, a balance that must go back at the window)
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="fk-card pa-close-form" onSubmit={submit} aria-label="注销账户">
      <h2 className="fk-section-title">注销账户</h2>
      <p className="fk-muted">
        可原路退回 {formatYuan(account.refundable)}
        {account.refundable < account.balance ? '，其余请到医院收费窗口办理' : ''}
      </p>
      <label className="pa-label" htmlFor={fieldId}>
        请输入账户人完整姓名（{account.patientName}）
      </label>
      <input
        id={fieldId}
        className="pa-input"
        value={name}
        autoComplete="off"
        aria-invalid={error !== null}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        onChange={(e) => setName(e.target.value)}
      />
      {error && (
        <p id={`${fieldId}-error`} className="pa-error" role="alert">
          {error}
        </p>
      )}
      <div className="fk-actions">
        <button type="button" className="fk-button" onClick={onCancel}>
          取消
        </button>
        <button type="submit" className="fk-button fk-button--danger" disabled={busy}>
          {busy ? '正在注销...' : '注销账户'}
        </button>
      </div>
    </form>
  );
}
