import { api, isCancelled } from '@patient/api-client';
import { listNucleicAcidOrders, type NucleicAcidOrder } from '@patient/contract';
import { NoHospital, RemoteState, StatusBadge, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { chinaDateTime, formatYuan } from '@patient/validation';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { statusLook } from '../format.ts';
import { useHospitalId } from '../hospital.ts';
import { detailPath, INDEX_PATH } from '../paths.ts';
import '@patient/feature-kit/base.css';
import '../nucleic-acid.css';

/** Orders per page. */
export const PAGE_SIZE = 10;

/**
 * 我的核酸检测 (/nucleicAcidList): the account's tests at the hospital, newest first — who (masked), the type,
 * the status (阴性/阳性 once reported), when booked and the price — each to its detail; 加载更多 while there
 * are more; none yet: the way to book.
 */
export default function NucleicAcidListPage() {
  const hospitalId = useHospitalId();
  const [more, setMore] = useState<NucleicAcidOrder[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const first = useRemote(
    hospitalId
      ? (signal) =>
          api.request(listNucleicAcidOrders, { query: { hospitalId, page: 1, size: PAGE_SIZE } }, { signal })
      : null,
    hospitalId ?? '',
  );
  if (!hospitalId) return <NoHospital />;
  if (first.data === null) {
    return <RemoteState remote={first} failed="核酸检测记录加载失败" />;
  }
  const orders = [
    ...first.data.records,
    ...more.filter((m) => !first.data?.records.some((r) => r.orderId === m.orderId)),
  ];
  if (orders.length === 0) {
    return (
      <div className="fk-page">
        <EmptyState text="暂无核酸检测记录">
          <Link className="fk-button fk-button--primary fk-button--inline" to={INDEX_PATH}>
            预约核酸检测
          </Link>
        </EmptyState>
      </div>
    );
  }
  const loadMore = async () => {
    setLoadingMore(true);
    try {
      const page = Math.floor(orders.length / PAGE_SIZE) + 1;
      const next = await api.request(listNucleicAcidOrders, { query: { hospitalId, page, size: PAGE_SIZE } });
      setMore((m) => [...m, ...next.records]);
    } catch (error) {
      if (!isCancelled(error)) {
        // api-client has shown why; the button stays for another try
      }
    } finally {
      setLoadingMore(false);
    }
  };
  return (
    <div className="fk-page">
      <ul className="fk-list" aria-label="我的核酸检测">
        {orders.map((o) => (
          <li key={o.orderId}>
            <Link className="fk-card na-type" to={detailPath(o.orderId)}>
              <span className="na-row">
                <span>
                  {o.patientName} · {o.itemName}
                </span>
                <StatusBadge info={statusLook(o)} />
              </span>
              <span className="na-row fk-muted">
                <span>{chinaDateTime(o.createdAt)}</span>
                <span>{formatYuan(o.priceFen)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {orders.length < first.data.total && (
        <div className="fk-actions">
          <button
            type="button"
            className="fk-button fk-button--block"
            disabled={loadingMore}
            onClick={() => void loadMore()}
          >
            {loadingMore ? '正在加载…' : '加载更多'}
          </button>
        </div>
      )}
      <div className="fk-actions">
        <Link className="fk-text-button" to={INDEX_PATH}>
          预约核酸检测
        </Link>
      </div>
    </div>
  );
}
