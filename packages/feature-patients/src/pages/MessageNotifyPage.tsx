import type { Contact } from '@patient/contract';
import { LoadingView, relationLabel, useContacts } from '@patient/feature-kit';
import { useState } from 'react';
import { maskedPhone } from '../contacts/labels.ts';
import { NoContacts } from '../contacts/NoContacts.tsx';
import { setContactNotification } from '../contacts/notifications.ts';
import { Toggle } from '../contacts/Toggle.tsx';
import '@patient/feature-kit/base.css';
import '../contacts/contacts.css';

/**
 * 消息通知 (/messageNotify): one switch per contact. A switch moves at once and moves back, with a toast,
 * when the service refuses.
 */
export default function MessageNotifyPage() {
  const { contacts, state, error, retry } = useContacts({ refresh: true });
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  if (state !== 'ready') return <LoadingView failed={state === 'error'} error={error} onRetry={retry} />;
  if (contacts.length === 0) {
    return (
      <div className="fk-page">
        <NoContacts text="您还没有添加就诊人" />
      </div>
    );
  }

  const toggle = async (contact: Contact, notify: boolean) => {
    const { contactId } = contact;
    setPending((p) => new Set(p).add(contactId));
    await setContactNotification(contactId, notify);
    setPending((p) => {
      const next = new Set(p);
      next.delete(contactId);
      return next;
    });
  };

  return (
    <div className="fk-page">
      <p className="pt-intro">开启后，该就诊人的预约、缴费等就诊消息将及时通知到您。</p>
      <section className="fk-group" aria-label="消息通知">
        {contacts.map((contact) => (
          <div className="pt-row" key={contact.contactId}>
            <div className="pt-row__main">
              <span className="pt-notify__who">
                <span className="pt-notify__name">{contact.contactDO.name}</span>
                <span className="pt-contact__line">
                  {relationLabel(contact.contactDO.relation)} · {maskedPhone(contact)}
                </span>
              </span>
              <Toggle
                checked={contact.contactDO.notify}
                label={`${contact.contactDO.name}的消息通知`}
                disabled={pending.has(contact.contactId)}
                onChange={(notify) => toggle(contact, notify)}
              />
            </div>
          </div>
        ))}
      </section>
    </div>
  );
}
