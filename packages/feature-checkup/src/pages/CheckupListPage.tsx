import { api } from '@patient/api-client';
import { type CheckupApplication, listCheckupApplications } from '@patient/contract';
import {
  ContactsPending,
  NoHospital,
  RemoteState,
  relationLabel,
  useContacts,
  useRemote,
  VerifyIdentityPrompt,
} from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { maskName } from '@patient/validation';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ApplicationState } from '../findApplication.ts';
import { NO_HOSPITAL_MESSAGE, useHospitalId } from '../hospital.ts';
import { chooseDatePath, detailPath, reminderPath } from '../params.ts';
import { canBook, checkupStatusInfo, dateLabel, dateTime, isUrgent } from '../status.ts';
import { ChoiceGroup, StatusBadge } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../checkup.css';

/** One request: the item, its type and department, the status, the booking; book, detail and reminder. */
function ApplicationItem({ application }: { application: CheckupApplication }) {
  const navigate = useNavigate();
  const info = checkupStatusInfo(application.status);
  const state: ApplicationState = { application };
  const { appointment } = application;
  return (
    <article className="ck-item" aria-label={application.itemName}>
      <div className="ck-item__main">
        <span className="ck-item__head">
          <span className="ck-item__title">
            {application.itemName}
            {isUrgent(application) && <span className="ck-tag">加急</span>}
          </span>
          <StatusBadge info={info} />
        </span>
        <span className="ck-item__line">
          {application.itemTypeName} · {application.departmentName}
        </span>
        <span className="ck-item__line">开单时间 {dateTime(application.requestedAt)}</span>
        {application.status === 'BOOKED' && appointment && (
          <span className="ck-item__booked">
            预约时间 {dateLabel(appointment.date)} {appointment.timeRange}
          </span>
        )}
      </div>
      <div className="ck-item__actions">
        <Link className="fk-text-button" to={reminderPath(application.itemTypeId)}>
          检查须知
        </Link>
        {application.status === 'BOOKED' && (
          <button
            type="button"
            className="fk-button fk-button--small"
            onClick={() => navigate(detailPath(application), { state })}
          >
            查看预约
          </button>
        )}
        {canBook(application.status) && (
          <button
            type="button"
            className="fk-button fk-button--small fk-button--primary"
            onClick={() => navigate(chooseDatePath(application), { state })}
          >
            {application.status === 'CANCELLED' ? '重新预约' : '预约'}
          </button>
        )}
      </div>
    </article>
  );
}

/**
 * 检查预约 (/checkAppoint/list, loads patients): the examination requests of a contact (default first) at
 * this hospital, each with its status and what can be done: book a time, see the booking, read the reminder.
 * A contact not proven for the hospital's data (contactDO.hisVerified) gets 验证身份 instead (it comes back
 * here, and the contacts it reloads make the list load).
 */
export default function CheckupListPage() {
  const hospitalId = useHospitalId();
  const people = useContacts();
  const [contactId, setContactId] = useState<string | null>(null);
  const contact = people.contacts.find((c) => c.contactId === contactId) ?? people.contacts[0] ?? null;
  // The hospital's requests show only for a proven contact: for another, 验证身份 first (no call bound to fail).
  const proven = contact?.contactDO.hisVerified ?? false;
  const list = useRemote(
    contact && hospitalId && proven
      ? (signal) =>
          api.request(
            listCheckupApplications,
            { params: { hospitalId }, body: { contactId: contact.contactId } },
            { signal },
          )
      : null,
    contact && hospitalId ? `${hospitalId}/${contact.contactId}` : '',
  );

  if (!hospitalId) return <NoHospital text={NO_HOSPITAL_MESSAGE} />;
  if (people.state !== 'ready' || !contact)
    return <ContactsPending people={people} text="添加就诊人后即可查看检查申请单" />;

  let body: ReactNode;
  if (!proven) {
    body = <VerifyIdentityPrompt contactId={contact.contactId} who={maskName(contact.contactDO.name)} />;
  } else if (list.data === null) {
    body = (
      <RemoteState
        remote={list}
        loading="正在加载检查申请单..."
        failed="检查申请单加载失败"
        contactId={contact.contactId}
      />
    );
  } else if (list.data.length === 0) {
    body = <EmptyState text="暂无检查申请单，医生开具检查后会显示在这里" paddingTop={24} />;
  } else {
    body = (
      <ul className="fk-list" aria-label="检查申请单">
        {list.data.map((application) => (
          <li key={`${application.applicationNo}/${application.orderItemId}`}>
            <ApplicationItem application={application} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="fk-page">
      <div className="fk-card">
        <ChoiceGroup
          label="选择就诊人"
          name="contact"
          row
          small
          value={contact.contactId}
          onChange={setContactId}
          options={people.contacts.map((c) => ({
            value: c.contactId,
            text: maskName(c.contactDO.name),
            meta: relationLabel(c.contactDO.relation),
          }))}
        />
      </div>
      <h2 className="fk-section-title">检查申请单</h2>
      {body}
    </div>
  );
}
