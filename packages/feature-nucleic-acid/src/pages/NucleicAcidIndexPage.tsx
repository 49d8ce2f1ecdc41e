import { api } from '@patient/api-client';
import { getNucleicAcidItems } from '@patient/contract';
import { InfoList, NoHospital, RemoteState, useRemote } from '@patient/feature-kit';
import { formatYuan } from '@patient/validation';
import { Link } from 'react-router-dom';
import { useHospitalId } from '../hospital.ts';
import { LIST_PATH, orderPath } from '../paths.ts';
import '@patient/feature-kit/base.css';
import '../nucleic-acid.css';

/**
 * 核酸检测 (/nucleicAcidIndex): the two types (单人单管, 混管) with price, what each is for and when its result
 * comes, each leading to booking; the sampling place and hours; the notices; 我的核酸检测.
 */
export default function NucleicAcidIndexPage() {
  const hospitalId = useHospitalId();
  const offer = useRemote(
    hospitalId ? (signal) => api.request(getNucleicAcidItems, { query: { hospitalId } }, { signal }) : null,
    hospitalId ?? '',
  );
  if (!hospitalId) return <NoHospital />;
  if (offer.data === null) {
    return <RemoteState remote={offer} failed="检测项目加载失败" />;
  }
  const { items, place, hours, notices } = offer.data;
  return (
    <div className="fk-page">
      <section aria-label="检测类型">
        <h2 className="fk-section-title">选择检测类型</h2>
        <ul className="fk-list" aria-label="检测类型">
          {items.map((item) => (
            <li key={item.type}>
              <Link className="fk-card na-type" to={orderPath(item.type)}>
                <span className="na-row">
                  <span className="na-type__name">{item.name}</span>
                  <span className="na-price">{formatYuan(item.priceFen)}</span>
                </span>
                <span className="fk-muted">{item.description}</span>
                <span className="fk-muted">{item.turnaround}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <InfoList
        label="采样信息"
        rows={[
          ['采样地点', place],
          ['采样时间', hours],
        ]}
      />
      <section className="fk-card" aria-label="检测须知">
        <h2 className="fk-section-title">检测须知</h2>
        <ol className="na-notices">
          {notices.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ol>
      </section>
      <div className="fk-actions">
        <Link className="fk-button fk-button--block" to={LIST_PATH}>
          我的核酸检测
        </Link>
      </div>
    </div>
  );
}
