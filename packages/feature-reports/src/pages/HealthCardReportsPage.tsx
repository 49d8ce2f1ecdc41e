import { api } from '@patient/api-client';
import { listHealthCards } from '@patient/contract';
import { BadLink, RemoteState, useRemote } from '@patient/feature-kit';
import { maskName } from '@patient/validation';
import { useParams } from 'react-router-dom';
import { CardReports } from '../CardReports.tsx';
import { lastYear } from '../search.ts';
import '@patient/feature-kit/base.css';
import '../reports.css';

/** 健康卡报告 (/checkHealthCardDetail/:cardNo): one of the account's health cards and its reports of the last year. */
export default function HealthCardReportsPage() {
  const { cardNo = '' } = useParams();
  const cards = useRemote((signal) => api.request(listHealthCards, {}, { signal }), 'cards');
  if (cards.data === null) {
    return (
      <div className="fk-page">
        <RemoteState
          remote={cards}
          loading="正在加载电子健康卡..."
          failed="电子健康卡加载失败"
          paddingTop={24}
        />
      </div>
    );
  }
  const card = cards.data.find((c) => c.cardNo === cardNo);
  if (!card)
    return <BadLink page message="未找到该电子健康卡" to="/searchReportHealthCard" back="选择电子健康卡" />;
  const [startDate, endDate] = lastYear(new Date());
  return (
    <div className="fk-page">
      <h2 className="fk-section-title">
        {maskName(card.patientName)} · {startDate} 至 {endDate}
      </h2>
      <CardReports name={card.patientName} cardNo={card.cardNo} startDate={startDate} endDate={endDate} />
    </div>
  );
}
