import { ContactsPending, relationLabel, useContacts } from '@patient/feature-kit';
import { maskIdCard, maskName } from '@patient/validation';
import { Link } from 'react-router-dom';
import { invoiceListPath } from '../paths.ts';
import '@patient/feature-kit/base.css';
import '../account.css';

/** 选择就诊人 (/invoice/chooseInvoiceContact): whose electronic invoices to see; each opens their invoice list. */
export default function ChooseInvoiceContactPage() {
  const people = useContacts();
  return (
    <div className="fk-page">
      {people.state !== 'ready' || people.contacts.length === 0 ? (
        <ContactsPending people={people} text="添加就诊人后即可查看电子票据" page={false} />
      ) : (
        <>
          <p className="fk-muted">请选择要查看电子票据的就诊人</p>
          <ul className="fk-list" aria-label="就诊人">
            {people.contacts.map((c) => (
              <li key={c.contactId}>
                <Link className="fk-card pa-row" to={invoiceListPath(c.contactId)}>
                  <span className="pa-row__head">
                    <span className="pa-row__title">{maskName(c.contactDO.name)}</span>
                    <span className="fk-badge" data-tone="muted">
                      {relationLabel(c.contactDO.relation)}
                    </span>
                  </span>
                  <span className="pa-row__line">{maskIdCard(c.contactDO.documentNumber)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
