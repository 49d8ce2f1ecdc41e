import { ContactGate } from '../ContactGate.tsx';
import { ExamList } from '../exams.tsx';
import '@patient/feature-kit/base.css';
import '../reports.css';

/** 体检报告 (/medicalReport): a contact's physical-exam reports at this hospital, newest first. */
export default function ExamListPage() {
  return (
    <div className="fk-page">
      <ContactGate what="体检报告">
        {(contact, hospitalId) => <ExamList contact={contact} hospitalId={hospitalId} />}
      </ContactGate>
    </div>
  );
}
