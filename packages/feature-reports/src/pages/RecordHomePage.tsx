import { api } from '@patient/api-client';
import { type Contact, listVisits } from '@patient/contract';
import { RemoteState, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { Link } from 'react-router-dom';
import { ContactGate } from '../ContactGate.tsx';
import { NO_FILE_RECORD, requestListPath, visitPath } from '../format.ts';
import { VisitRow } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../reports.css';

function Visits({ contact, hospitalId }: { contact: Contact; hospitalId: string }) {
  const list = useRemote(
    (signal) =>
      api.request(listVisits, { params: { hospitalId }, body: { contactId: contact.contactId } }, { signal }),
    `${hospitalId}/${contact.contactId}`,
  );
  if (list.data === null) {
    return (
      <RemoteState
        remote={list}
        loading="正在加载就诊记录..."
        failed="就诊记录加载失败"
        contactId={contact.contactId}
        paddingTop={24}
      />
    );
  }
  if (!list.data.filed) {
    return (
      <EmptyState text="该就诊人在本院暂无档案" paddingTop={24}>
        <Link
          className="fk-button fk-button--primary fk-button--inline"
          to={`${NO_FILE_RECORD}?contactId=${contact.contactId}`}
        >
          了解如何建档
        </Link>
      </EmptyState>
    );
  }
  const [latest] = list.data.visits;
  return (
    <>
      <h2 className="fk-section-title">
        就诊记录
        {latest && (
          <Link className="fk-link" to={requestListPath(latest.patientId, contact.contactId)}>
            检验检查申请单
          </Link>
        )}
      </h2>
      {list.data.visits.length === 0 ? (
        <EmptyState text="暂无就诊记录" paddingTop={24} />
      ) : (
        <ul className="fk-list" aria-label="就诊记录">
          {list.data.visits.map((visit) => (
            <li key={visit.visitNo}>
              <VisitRow visit={visit} to={visitPath(visit)} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * 健康档案 (/patientRecord, loads patients): a contact's visits at this hospital, newest first (outpatient and
 * inpatient: date, department, doctor, main diagnosis), each opening its record; the request lists; a contact
 * without a record at the hospital → how to file one.
 */
export default function RecordHomePage() {
  return (
    <div className="fk-page">
      <ContactGate what="健康档案">
        {(contact, hospitalId) => <Visits contact={contact} hospitalId={hospitalId} />}
      </ContactGate>
      <p className="fk-muted">
        <Link className="fk-link" to="/patientRecord/guide">
          健康档案说明
        </Link>
      </p>
    </div>
  );
}
