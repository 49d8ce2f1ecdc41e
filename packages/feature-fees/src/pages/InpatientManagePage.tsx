import { api } from '@patient/api-client';
import { getInpatientInfo } from '@patient/contract';
import {
  ContactPicker,
  ContactsPending,
  NoHospital,
  RemoteState,
  useContacts,
  useRemote,
} from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { validateMainlandId } from '@patient/validation';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useHospitalId } from '../hospital.ts';
import {
  dayFeePath,
  inpatientPayPath,
  outFeePath,
  rechargeHistoryPath,
  rechargePath,
  staysPath,
  totalFeePath,
} from '../paths.ts';
import { StayFacts, StayMoney } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../fees.css';

/** 出院记录查询: a discharged stay by the patient's ID card and name (the account's own contacts only). */
function FindDischarged() {
  const navigate = useNavigate();
  const [idCard, setIdCard] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('请输入住院人姓名');
    const checked = validateMainlandId(idCard.trim().toUpperCase());
    if (!checked.valid || !checked.id18) return setError('请输入正确的身份证号');
    setError(null);
    navigate(outFeePath(checked.id18, name.trim()));
  };
  return (
    <form className="fk-card" aria-label="出院记录查询" onSubmit={submit} noValidate>
      <h2 className="fk-section-title">出院记录查询</h2>
      <label className="fe-field">
        住院人姓名
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={30} autoComplete="off" />
      </label>
      <label className="fe-field">
        身份证号
        <input value={idCard} onChange={(e) => setIdCard(e.target.value)} maxLength={18} autoComplete="off" />
      </label>
      {error && (
        <p className="fe-field__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="fk-button fk-button--block">
        查询
      </button>
    </form>
  );
}

/**
 * 住院服务 (/inpatientFee/manage, /inpatient/index): a contact's stay in progress — ward and bed, admission
 * date, days, deposit, cost so far and balance (a warning when low) — and its services: 押金充值, 充值记录,
 * 费用汇总, 每日清单, 出院结算; past stays; a discharged stay by ID card and name.
 */
export default function InpatientManagePage() {
  const hospitalId = useHospitalId();
  const people = useContacts();
  const [picked, setPicked] = useState<string | null>(null);
  const contact = people.contacts.find((c) => c.contactId === picked) ?? people.contacts[0] ?? null;
  const stay = useRemote(
    contact && hospitalId
      ? (signal) =>
          api.request(
            getInpatientInfo,
            { params: { hospitalId }, body: { contactId: contact.contactId } },
            { signal },
          )
      : null,
    `${hospitalId}/${contact?.contactId}`,
  );
  if (!hospitalId) return <NoHospital />;
  if (people.state !== 'ready' || !contact) {
    return <ContactsPending people={people} text="添加就诊人后即可查询住院信息" />;
  }
  const id = contact.contactId;
  let body: ReactNode;
  if (stay.status !== 'ready') {
    body = (
      <RemoteState remote={stay} loading="正在查询住院信息..." failed="住院信息加载失败" paddingTop={24} />
    );
  } else if (!stay.data) {
    body = (
      <EmptyState text="该就诊人暂无在院记录" paddingTop={24}>
        <p className="fk-muted">已出院的住院可在“住院记录”中查看费用、办理出院结算</p>
      </EmptyState>
    );
  } else {
    const s = stay.data;
    body = (
      <>
        <StayMoney stay={s} />
        <StayFacts stay={s} />
        <nav className="fe-tiles" aria-label="住院服务">
          <Link to={rechargePath(id, s.inpatientId)}>押金充值</Link>
          <Link to={rechargeHistoryPath(id, s.inpatientId)}>充值记录</Link>
          <Link to={totalFeePath(id, s.inpatientId)}>费用汇总</Link>
          <Link to={dayFeePath(id, s.inpatientId)}>每日清单</Link>
          <Link to={inpatientPayPath(id, s.inpatientId)}>出院结算</Link>
        </nav>
      </>
    );
  }
  return (
    <div className="fk-page">
      <ContactPicker contacts={people.contacts} value={id} onChange={setPicked} />
      {body}
      <Link className="fk-button fk-button--block" to={staysPath(id)}>
        住院记录
      </Link>
      <FindDischarged />
    </div>
  );
}
