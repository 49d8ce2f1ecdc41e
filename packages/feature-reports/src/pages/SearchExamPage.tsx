import { Link } from 'react-router-dom';
import { ExamSearchForm } from '../exams.tsx';
import '@patient/feature-kit/base.css';
import '../reports.css';

/** 体检报告查询 (/searchMedicalReport): by exam number and name; or by contact (/medicalReport) or card. */
export default function SearchExamPage() {
  return (
    <div className="fk-page">
      <ExamSearchForm />
      <h2 className="fk-section-title">其他查询方式</h2>
      <div className="fk-card rp-actions">
        <Link className="fk-link" to="/medicalReport">
          按就诊人查询
        </Link>
        <Link className="fk-link" to="/searchReportByCard">
          按就诊卡查询
        </Link>
        <Link className="fk-link" to="/guideCheck/scan">
          扫描导检单
        </Link>
      </div>
      <p className="fk-muted">体检号印在体检导检单的二维码下方；仅可查询本账号已验证身份的就诊人的报告。</p>
    </div>
  );
}
