import { CardChooser } from '../CardChooser.tsx';
import { ContactGate } from '../ContactGate.tsx';
import { ExamList } from '../exams.tsx';
import '@patient/feature-kit/base.css';
import '../reports.css';

/** 按卡查询体检报告 (/searchReportByCard): a contact, one of the contact's cards here, the exams of that person. */
export default function ExamByCardPage() {
  return (
    <div className="fk-page">
      <ContactGate what="体检报告">
        {(contact, hospitalId) => (
          <CardChooser contact={contact} hospitalId={hospitalId}>
            {() => <ExamList contact={contact} hospitalId={hospitalId} />}
          </CardChooser>
        )}
      </ContactGate>
    </div>
  );
}
