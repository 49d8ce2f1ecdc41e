import { api } from '@patient/api-client';
import { type Contact, listInvoices } from '@patient/contract';
import { RemoteState, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { Link, useSearchParams } from 'react-router-dom';
import { InvoiceRow } from '../invoices.tsx';
import { canInvoicePath } from '../paths.ts';
import { ContactGate } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../account.css';

/**
 * 电子票据 (/invoice/invoiceList?contactId=…): the contact's medical electronic invoices at this hospital, newest
 * first (门诊 / 住院 / 挂号, date, amount, number); 申请开票 lists the paid settlements not invoiced yet.
 */
export default function InvoiceListPage() {
  const [params, setParams] = useSearchParams();
  return (
    <div className="fk-page">
      <ContactGate
        value={params.get('contactId')}
        onChange={(contactId) => setParams({ contactId }, { replace: true })}
        what="电子票据"
      >
        {(contact, hospitalId) => (
          <Invoices key={contact.contactId} contact={contact} hospitalId={hospitalId} />
        )}
      </ContactGate>
    </div>
  );
}

function Invoices({ contact, hospitalId }: { contact: Contact; hospitalId: string }) {
  const list = useRemote(
    (signal) =>
      api.request(
        listInvoices,
        { params: { hospitalId }, body: { contactId: contact.contactId } },
        { signal },
      ),
    `${hospitalId}/${contact.contactId}`,
  );
  return (
    <>
      <Link
        className="fk-button fk-button--primary fk-button--block"
        to={canInvoicePath(hospitalId, contact.contactId)}
      >
        申请开票（未开票的缴费）
      </Link>
      {list.data === null ? (
        <RemoteState
          remote={list}
          loading="正在查询电子票据..."
          failed="电子票据加载失败"
          contactId={contact.contactId}
          paddingTop={24}
        />
      ) : list.data.length === 0 ? (
        <EmptyState text="暂无电子票据，缴费后可在“申请开票”中开具" paddingTop={24} />
      ) : (
        <ul className="fk-list" aria-label="电子票据列表">
          {list.data.map((invoice) => (
            <li key={invoice.fileId}>
              <InvoiceRow invoice={invoice} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
