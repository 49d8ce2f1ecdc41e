import { api } from '@patient/api-client';
import { listChargedFees } from '@patient/contract';
import {
  ContactPicker,
  ContactsPending,
  NoHospital,
  RemoteState,
  StatusBadge,
  useContacts,
  useRemote,
} from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { CHARGE_LOOKS, chinaDateTime, yuan } from '../format.ts';
import { useHospitalId } from '../hospital.ts';
import { chargeDetailPath } from '../paths.ts';
import '@patient/feature-kit/base.css';
import '../fees.css';

/** 缴费记录 (/outpatientFee/payList): a contact's paid charges, newest first, each to its detail. */
export default function PaidListPage() {
  const hospitalId = useHospitalId();
  const people = useContacts();
  const [picked, setPicked] = useState<string | null>(null);
  const contact = people.contacts.find((c) => c.contactId === picked) ?? people.contacts[0] ?? null;
  const charges = useRemote(
    contact && hospitalId
      ? (signal) =>
          api.request(
            listChargedFees,
            { params: { hospitalId }, body: { contactId: contact.contactId } },
            { signal },
          )
      : null,
    `${hospitalId}/${contact?.contactId}`,
  );
  if (!hospitalId) return <NoHospital />;
  if (people.state !== 'ready' || !contact) {
    return <ContactsPending people={people} text="添加就诊人后即可查看缴费记录" />;
  }
  let body: ReactNode;
  if (charges.data === null) {
    body = (
      <RemoteState remote={charges} loading="正在查询缴费记录..." failed="缴费记录加载失败" paddingTop={24} />
    );
  } else if (charges.data.length === 0) {
    body = <EmptyState text="暂无缴费记录" paddingTop={24} />;
  } else {
    body = (
      <ul className="fk-list" aria-label="缴费记录">
        {charges.data.map((c) => (
          <li key={c.chargeId}>
            <Link className="fe-row-link" to={chargeDetailPath(c.chargeId)}>
              <span className="fe-row-link__main">
                <span>{c.orders.map((o) => o.title).join('、')}</span>
                <span className="fe-meta">
                  {c.paidAt ? chinaDateTime(c.paidAt) : ''} · {c.orders[0]?.department}
                </span>
              </span>
              <span className="fe-row-link__main">
                <strong>{yuan(c.total)}</strong>
                <StatusBadge
                  info={c.refundable ? { label: '可退费', hint: '', tone: 'danger' } : CHARGE_LOOKS[c.status]}
                />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="fk-page">
      <ContactPicker contacts={people.contacts} value={contact.contactId} onChange={setPicked} />
      {body}
    </div>
  );
}
