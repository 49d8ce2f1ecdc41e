import { api } from '@patient/api-client';
import { BED_ORDER_LIST, type BedOrderListType, countBedOrders, staffSignOut } from '@patient/contract';
import { RemoteState, useRemote } from '@patient/feature-kit';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { currentWard, staffPage, useStaff } from './staff.tsx';
import '@patient/feature-kit/base.css';
import '../bed.css';

const TYPES: BedOrderListType[] = ['pending', 'confirm', 'finish'];

/**
 * 床位预约管理 (/bedReservation/nurse/index): who is signed in and the ward she works in (切换病区), the three lists
 * with their counts, 登记床位预约 for a patient at the desk, 退出登录.
 */
function IndexPage() {
  const staff = useStaff();
  const ward = currentWard(staff);
  const [signedOut, setSignedOut] = useState(false);
  const counts = useRemote(
    (signal) => api.request(countBedOrders, { query: ward ? { deptCode: ward } : {} }, { signal }),
    ward ?? 'all',
  );
  const wardName = ward ? staff.wards.find((w) => w.deptCode === ward)?.deptName : '全部负责病区';
  if (signedOut) {
    return (
      <div className="fk-page">
        <p className="fk-notice">已退出登录</p>
      </div>
    );
  }
  const signOut = async () => {
    try {
      await api.request(staffSignOut, {});
      setSignedOut(true);
    } catch {
      // api-client has said why
    }
  };
  return (
    <div className="fk-page">
      <div className="fk-card">
        <p>
          <strong>{staff.name}</strong> {staff.title}
        </p>
        <p className="fk-muted">当前病区：{wardName}</p>
        <Link to="/bedReservation/nurse/dept" className="fk-text-button">
          切换病区
        </Link>
      </div>
      <h2 className="fk-section-title">床位预约</h2>
      {counts.data === null ? (
        <RemoteState remote={counts} failed="预约数量加载失败" paddingTop={16} />
      ) : (
        <nav className="br-tiles" aria-label="预约列表">
          {TYPES.map((t) => (
            <Link key={t} to={`/bedReservation/nurse/apply/${t}`} className="br-tile">
              <span className="br-tile__count">{counts.data?.[t]}</span>
              <span>{BED_ORDER_LIST[t].title}</span>
            </Link>
          ))}
        </nav>
      )}
      <div className="fk-actions">
        <Link to="/bedReservation/nurse/add" className="fk-button fk-button--primary fk-button--block">
          登记床位预约
        </Link>
        <button type="button" className="fk-button fk-button--block" onClick={signOut}>
          退出登录
        </button>
      </div>
    </div>
  );
}

export default staffPage(IndexPage);
