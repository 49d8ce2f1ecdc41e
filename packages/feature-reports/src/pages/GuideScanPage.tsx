import { useSearchParams } from 'react-router-dom';
import { ExamSearchForm, isExamNo } from '../exams.tsx';
import '@patient/feature-kit/base.css';
import '../reports.css';

/**
 * 扫描导检单 (/guideCheck/scan?code=): the guide sheet's QR code opens this page with its exam number (the phone's
 * camera or the chat app's scanner reads it); the patient confirms the examined person's name. Without a code,
 * the number printed under the QR code is typed in.
 */
export default function GuideScanPage() {
  const [query] = useSearchParams();
  const code = query.get('code') ?? '';
  return (
    <div className="fk-page">
      <p className="fk-card rp-sections__text">
        {isExamNo(code)
          ? '已识别导检单上的体检号，请输入体检人姓名查看报告。'
          : '请用手机相机或微信“扫一扫”扫描导检单上的二维码，或输入二维码下方的体检号。'}
      </p>
      <ExamSearchForm initialExamNo={isExamNo(code) ? code : ''} />
    </div>
  );
}
