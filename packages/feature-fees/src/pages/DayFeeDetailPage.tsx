import { api } from '@patient/api-client';
import { getInpatientFeeDetail } from '@patient/contract';
import { BadLink, RemoteState, useRemote } from '@patient/feature-kit';
import { useSearchParams } from 'react-router-dom';
import { yuan } from '../format.ts';
import { isId } from '../paths.ts';
import { FeeLines } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../fees.css';

/** 每日费用明细 (/dayFee/detail?inpatientId=&date=): one day's items with quantity, unit price and amount. */
export default function DayFeeDetailPage() {
  const [params] = useSearchParams();
  const inpatientId = params.get('inpatientId');
  const date = params.get('date') ?? '';
  const valid = isId(inpatientId) && /^\d{4}-\d{2}-\d{2}$/.test(date);
  const detail = useRemote(
    valid
      ? (signal) =>
          api.request(getInpatientFeeDetail, { params: { inpatientId }, query: { date } }, { signal })
      : null,
    `${inpatientId}/${date}`,
  );
  if (!valid) return <BadLink page message="清单链接无效" to="/inpatientFee/manage" back="返回住院服务" />;
  return (
    <div className="fk-page">
      {!detail.data ? (
        <RemoteState remote={detail} loading="正在查询费用清单..." failed="费用清单加载失败" />
      ) : (
        <section className="fk-card" aria-label={`${date} 费用清单`}>
          <h2 className="fk-section-title">
            {date} · 合计 {yuan(detail.data.total)}
          </h2>
          <FeeLines items={detail.data.items} label="费用项目" />
        </section>
      )}
    </div>
  );
}
