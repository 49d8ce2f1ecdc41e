import { api } from '@patient/api-client';
import { type Contact, setDefaultContact } from '@patient/contract';
import { LoadingView, reloadContacts, useContacts } from '@patient/feature-kit';
import { useHospitalConfig } from '@patient/hospital-config';
import { toast, withLoading } from '@patient/ui-kit';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { cardsListPath, contactCardScope } from '../cards/routeParams.ts';
import { ContactCard } from '../contacts/ContactCard.tsx';
import { NoContacts } from '../contacts/NoContacts.tsx';
import { contactDetailPath, newContactPath } from '../contacts/paths.ts';
import { useHospitalId } from '../contacts/useContact.ts';
import '@patient/feature-kit/base.css';
import '../contacts/contacts.css';

/** 就诊人管理 (/contactList): the account's contacts, default first, with add, set default and cards. */
export default function ContactListPage() {
  const config = useHospitalConfig();
  const hospitalId = useHospitalId(config.id);
  const navigate = useNavigate();
  const { contacts, state, error, retry } = useContacts({ refresh: true });
  const [busy, setBusy] = useState(false);
  const max = config.maxContacts;
  const full = contacts.length >= max;

  if (state !== 'ready') {
    return (
      <div className="fk-page">
        <LoadingView failed={state === 'error'} error={error} onRetry={retry} />
      </div>
    );
  }

  const add = () => navigate(newContactPath());

  const makeDefault = async (contact: Contact) => {
    if (busy) return;
    setBusy(true);
    try {
      await withLoading(() =>
        api.request(setDefaultContact, { query: { contactId: contact.contactId, isDefault: true } }),
      );
      await reloadContacts().catch(() => undefined);
      void toast(`已将${contact.contactDO.name}设为默认就诊人`);
    } catch {
      // api-client has shown why
    } finally {
      setBusy(false);
    }
  };

  const openCards = (contact: Contact) => {
    if (!hospitalId) {
      void toast('未选择医院，暂时无法查看就诊卡');
      return;
    }
    navigate(cardsListPath(contactCardScope(contact, hospitalId)));
  };

  if (contacts.length === 0) {
    return (
      <div className="fk-page">
        <NoContacts text="您还没有添加就诊人" />
      </div>
    );
  }

  return (
    <div className="fk-page fk-page--with-footer">
      <p className="pt-summary">
        已添加{contacts.length}位就诊人{full ? '' : `，还可添加${max - contacts.length}位`}
      </p>
      <ul className="fk-list">
        {contacts.map((contact) => (
          <li key={contact.contactId}>
            <ContactCard contact={contact} to={contactDetailPath(contact.contactId)}>
              {!contact.contactDO.isDefault && (
                <button
                  type="button"
                  className="fk-text-button"
                  disabled={busy}
                  onClick={() => makeDefault(contact)}
                >
                  设为默认
                </button>
              )}
              <button type="button" className="fk-text-button" onClick={() => openCards(contact)}>
                就诊卡
              </button>
              <Link className="fk-text-button" to={contactDetailPath(contact.contactId)}>
                查看详情
              </Link>
            </ContactCard>
          </li>
        ))}
      </ul>
      <p className="pt-note">
        <Link to="/messageNotify" className="fk-link">
          消息通知设置
        </Link>
      </p>
      <div className="pt-footer">
        {full && (
          <p className="pt-limit" id="contact-limit">
            最多可添加{max}位就诊人
          </p>
        )}
        <button
          type="button"
          className="fk-button fk-button--primary"
          disabled={full}
          aria-describedby={full ? 'contact-limit' : undefined}
          onClick={add}
        >
          添加就诊人
        </button>
      </div>
    </div>
  );
}
