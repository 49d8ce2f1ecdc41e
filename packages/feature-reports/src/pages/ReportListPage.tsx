import { BadLink } from '@patient/feature-kit';
import { useParams } from 'react-router-dom';
import { isCode } from '../format.ts';
import { ReportList } from '../ReportList.tsx';
import '@patient/feature-kit/base.css';
import '../reports.css';

/**
 * 报告列表 (/searchReport/resultList/:cardId/:hospitalId/:contactId): the contact's reports at the hospital (the
 * card names the person; reports belong to the person, whichever card was used).
 */
export default function ReportListPage() {
  const { cardId, hospitalId, contactId } = useParams();
  if (!isCode(cardId) || !isCode(hospitalId) || !isCode(contactId)) {
    return <BadLink page message="链接无效，请重新选择就诊人查询" to="/searchReport" back="查询报告" />;
  }
  return (
    <div className="fk-page">
      <ReportList hospitalId={hospitalId} contactId={contactId} />
    </div>
  );
}
