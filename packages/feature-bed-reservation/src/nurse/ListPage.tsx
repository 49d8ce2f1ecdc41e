import { api } from '@patient/api-client';
import {
  BED_ORDER_LIST,
  type BedOrder,
  type BedOrderListType,
  listConfirmedBedOrders,
  listFinishedBedOrders,
  listPendingBedOrders,
} from '@patient/contract';
import { BadLink, RemoteState, StatusBadge, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { chinaDateTime, maskName, maskPhone } from '@patient/validation';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { admissionText, NURSE_STATUS_LOOK } from '../format.ts';
import { currentWard, staffPage, useStaff } from './staff.tsx';
import '@patient/feature-kit/base.css';
import '../bed.css';

const ENDPOINT = {
  pending: listPendingBedOrders,
  confirm: listConfirmedBedOrders,
  finish: listFinishedBedOrders,
} as const;

const isType = (t: string | undefined): t is BedOrderListType =>
  t === 'pending' || t === 'confirm' || t === 'finish';

function OrderRow({ order }: { order: BedOrder }) {
  return (
    <Link className="fk-row" to={`/bedReservation/nurse/detail/${order.orderId}`}>
      <span className="fk-row__head">
        <span>
          {maskName(order.patientName)} · {maskPhone(order.phone)}
        </span>
        <StatusBadge info={NURSE_STATUS_LOOK[order.status]} />
      </span>
      <span>
        {order.deptName} · {order.diagnosis}
      </span>
      {order.admission && order.status !== 'CANCELLED' ? (
        <span>入院时间：{admissionText(order.admission)}</span>
      ) : null}
      <span className="fk-muted">
        {order.source === 'DESK' ? '窗口登记' : '患者申请'} · {chinaDateTime(order.appliedAt)}
      </span>
    </Link>
  );
}

/**
 * 预约列表 (/bedReservation/nurse/apply/:type, type pending | confirm | finish): her ward's orders of that list,
 * searchable by name, phone or notice number; pending oldest first, confirmed by admission day.
 */
function ListPage() {
  const { type } = useParams();
  const staff = useStaff();
  const ward = currentWard(staff);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const valid = isType(type) ? type : null;
  const orders = useRemote(
    valid
      ? (signal) =>
          api.request(
            ENDPOINT[valid],
            { body: { deptCode: ward, keyword: keyword || undefined, pageSize: 50 } },
            { signal },
          )
      : null,
    `${valid}:${ward}:${keyword}`,
  );
  if (!valid)
    return <BadLink message="链接无效" to="/bedReservation/nurse/index" back="返回床位预约管理" page />;
  return (
    <div className="fk-page">
      <h2 className="fk-section-title">{BED_ORDER_LIST[valid].title}</h2>
      <form
        className="fk-card"
        aria-label="搜索预约"
        onSubmit={(e) => {
          e.preventDefault();
          setKeyword(typed.trim());
        }}
      >
        <label className="br-label" htmlFor="br-keyword">
          搜索
        </label>
        <input
          id="br-keyword"
          className="br-input"
          type="search"
          maxLength={32}
          placeholder="姓名、手机号或通知单号"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      </form>
      {orders.data === null ? (
        <RemoteState remote={orders} failed="预约列表加载失败" />
      ) : orders.data.items.length === 0 ? (
        <EmptyState text={keyword ? '没有符合条件的预约' : '暂无预约'} paddingTop={16} />
      ) : (
        <>
          <p className="fk-muted">共 {orders.data.total} 条</p>
          <ul className="fk-list" aria-label={BED_ORDER_LIST[valid].title}>
            {orders.data.items.map((o) => (
              <li key={o.orderId}>
                <OrderRow order={o} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

export default staffPage(ListPage);
