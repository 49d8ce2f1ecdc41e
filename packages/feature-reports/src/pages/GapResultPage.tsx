import { BadLink } from '@patient/feature-kit';
import { useParams } from 'react-router-dom';
import { CardReports } from '../CardReports.tsx';
import { checkCardSearch } from '../search.ts';
import '@patient/feature-kit/base.css';
import '../reports.css';

/** 跨院报告 (/gapReport/resultList/:name/:cardNo/:startTime/:endTime). */
export default function GapResultPage() {
  const { name = '', cardNo = '', startTime = '', endTime = '' } = useParams();
  const errors = checkCardSearch({ name, cardNo, startDate: startTime, endDate: endTime });
  if (Object.keys(errors).length > 0) {
    return (
      <BadLink page message={`查询条件有误：${Object.values(errors)[0]}`} to="/gapReport" back="重新查询" />
    );
  }
  return (
    <div className="fk-page">
      <h2 className="fk-section-title">
        {startTime} 至 {endTime}
      </h2>
      <CardReports name={name} cardNo={cardNo} startDate={startTime} endDate={endTime} />
    </div>
  );
}
