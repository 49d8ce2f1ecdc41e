import { api } from '@patient/api-client';
import { type AppointmentOrder, cancelOrder } from '@patient/contract';
import { confirm, toast, withLoading } from '@patient/ui-kit';

/** Cancels an unpaid order after a confirm dialog; the updated order, or null when not cancelled. */
export async function cancelUnpaid(order: AppointmentOrder): Promise<AppointmentOrder | null> {
  const ok = await confirm({
    title: '取消预约',
    message: '确定取消本次预约吗？取消后为您保留的号源将释放给其他患者。',
    confirmText: '取消预约',
    cancelText: '再想想',
    danger: true,
  });
  if (!ok) return null;
  try {
    const cancelled = await withLoading(
      () => api.request(cancelOrder, { body: { orderId: order.orderId } }),
      '正在取消...',
    );
    void toast('预约已取消');
    return cancelled;
  } catch {
    return null; // api-client has shown why
  }
}
