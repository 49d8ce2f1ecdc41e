import { api } from '@patient/api-client';
import { type BedOrder, getBedOrder } from '@patient/contract';
import { BadLink, type Remote, RemotePage, useRemote } from '@patient/feature-kit';
import type { ReactElement } from 'react';
import { useParams } from 'react-router-dom';
import { isOrderId } from '../format.ts';

const LIST = '/bedReservation/patient/list';

/** The order of the link's :orderId (null for a bad link). */
export function usePatientOrder(): { orderId: string | null; order: Remote<BedOrder> } {
  const { orderId } = useParams();
  const valid = isOrderId(orderId) ? orderId : null;
  const order = useRemote(
    valid ? (signal) => api.request(getBedOrder, { params: { orderId: valid } }, { signal }) : null,
    valid ?? '',
  );
  return { orderId: valid, order };
}

/** What an order screen shows before it has the order: bad link, not found, failed, loading. */
export function OrderPending({
  orderId,
  order,
}: {
  orderId: string | null;
  order: Remote<BedOrder>;
}): ReactElement {
  if (!orderId) return <BadLink message="链接无效" to={LIST} back="查看我的床位预约" page />;
  return (
    <RemotePage
      remote={order}
      failed="床位预约加载失败"
      notFound={<BadLink message="未找到该床位预约" to={LIST} back="查看我的床位预约" />}
    />
  );
}
