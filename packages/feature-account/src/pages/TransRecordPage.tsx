import { api } from '@patient/api-client';
import { type AccountTransaction, listAccountTransactions } from '@patient/contract';
import { BadLink, NoHospital, RemoteState, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { chinaDate, chinaDateTime, isCode, yuanText } from '../format.ts';
import { useHospitalId } from '../hospital.ts';
import '@patient/feature-kit/base.css';
import '../account.css';

const TABS = [
  ['ALL', '全部'],
  ['RECHARGE', '充值'],
  ['SPEND', '消费'],
  ['REFUND', '退款'],
] as const;

/**
 * 充值及消费记录 (/transRecord/:accountId): the balance on top; every movement newest first, grouped by day —
 * what (在线充值, 门诊缴费 · 西药费, 销户退款), when, through what, +/− amount and the balance after it; a refund
 * not yet paid back reads 退款中. Tabs 全部 / 充值 / 消费 / 退款.
 */
export default function TransRecordPage() {
  const { accountId } = useParams();
  const hospitalId = useHospitalId();
  const valid = isCode(accountId) && isCode(hospitalId);
  const [tab, setTab] = useState<(typeof TABS)[number][0]>('ALL');
  const list = useRemote(
    valid
      ? (signal) =>
          api.request(listAccountTransactions, { params: { hospitalId }, body: { accountId } }, { signal })
      : null,
    `${hospitalId}/${accountId}`,
  );
  if (!hospitalId) return <NoHospital />;
  if (!valid) return <BadLink page message="链接无效，请从预交金账户进入" to="/account" back="预交金账户" />;
  if (list.data === null) {
    return (
      <div className="fk-page">
        <RemoteState remote={list} loading="正在查询交易记录..." failed="交易记录加载失败" paddingTop={24} />
      </div>
    );
  }
  const { account, items } = list.data;
  const shown = tab === 'ALL' ? items : items.filter((i) => i.kind === tab);
  const days = new Map<string, AccountTransaction[]>();
  for (const item of shown) {
    const day = chinaDate(item.at);
    days.set(day, [...(days.get(day) ?? []), item]);
  }
  return (
    <div className="fk-page">
      <section className="fk-card pa-balance" aria-label="账户余额">
        <p className="pa-balance__label">
          {account.status === 'OPEN' ? '账户余额（元）' : '账户已注销'} · {account.accountNo}
        </p>
        <p className="pa-balance__amount">{yuanText(account.balance)}</p>
      </section>
      <div className="fk-tabs" role="tablist" aria-label="交易类别">
        {TABS.map(([value, label]) => (
          <button
            key={value}
            type="button"
            role="tab"
            className="fk-tab"
            aria-selected={tab === value}
            onClick={() => setTab(value)}
          >
            {label}
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <EmptyState text="暂无交易记录" paddingTop={24} />
      ) : (
        [...days].map(([day, rows]) => (
          <section key={day} aria-label={day}>
            <h2 className="pa-day">{day}</h2>
            <ul className="fk-list" aria-label={`${day}交易记录`}>
              {rows.map((t) => (
                <li key={t.transactionId} className="fk-card pa-row">
                  <span className="pa-row__head">
                    <span className="pa-row__title">{t.title}</span>
                    <span className={`pa-amount pa-amount--${t.kind === 'RECHARGE' ? 'in' : 'out'}`}>
                      {t.kind === 'RECHARGE' ? '+' : '−'}
                      {yuanText(t.amount)}
                    </span>
                  </span>
                  <span className="pa-row__line">
                    {chinaDateTime(t.at).slice(11)} · {t.channel}
                    {t.status === 'PROCESSING' && (
                      <span className="fk-badge" data-tone="warning">
                        退款中
                      </span>
                    )}
                  </span>
                  <span className="pa-row__line">余额 {yuanText(t.balanceAfter)}</span>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
