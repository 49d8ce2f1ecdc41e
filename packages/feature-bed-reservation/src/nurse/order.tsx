import { api } from '@patient/api-client';
import { type BedOrder, getStaffBedOrder } from '@patient/contract';
import { BadLink, type Remote, RemotePage, useRemote } from '@patient/feature-kit';
import type { ReactElement } from 'react';
import { useParams } from 'react-router-dom';
import { isOrderId } from '../format.ts';

const HOME = '/bedReservation/nurse/index';

/** The order of the link's :orderId as the nurse sees it (null for a bad link). */
export function useWardOrder(): { orderId: string | null; order: Remote<BedOrder> } {
  const { orderId } = useParams();
  const valid = isOrderId(orderId) ? orderId : null;
  const order = useRemote(
    valid ? (signal) => api.request(getStaffBedOrder, { params: { orderId: valid } }, { signal }) : null,
    valid ?? '',
  );
  return { orderId: valid, order };
}

/** Before the order is there: bad link, not found (or not her ward's), failed, loading. */
export function WardOrderPending({
  orderId,
  order,
}: {
  orderId: string | null;
  order: Remote<BedOrder>;
}): ReactElement {
  if (!orderId) return <BadLink message="链接无效" to={HOME} back="返回床位预约管理" page />;
  return (
    <RemotePage
      remote={order}
      failed="床位预约加载失败"
      notFound={<BadLink message="未找到该床位预约，或已转至其他病区" to={HOME} back="返回床位预约管理" />}
    />
  );
}
