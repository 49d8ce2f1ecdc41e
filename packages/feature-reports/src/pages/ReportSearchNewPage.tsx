import { ContactGate } from '../ContactGate.tsx';
import { ReportList } from '../ReportList.tsx';
import '@patient/feature-kit/base.css';
import '../reports.css';

/** 报告查询 (/searchReportNew): choose a contact, see the reports at once (no card step), under the kind tabs. */
export default function ReportSearchNewPage() {
  return (
    <div className="fk-page">
      <ContactGate what="报告">
        {(contact, hospitalId) => <ReportList hospitalId={hospitalId} contactId={contact.contactId} />}
      </ContactGate>
    </div>
  );
}
