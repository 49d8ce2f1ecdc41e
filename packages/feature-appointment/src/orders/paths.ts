import type { ScheduleItem } from '@patient/contract';
import { todayInChina } from '../schedule/labels.ts';
import { schedulePath } from '../schedule/paths.ts';

/** Paths of the order screens (001 §2). */

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Whether `value` is an order id the service could have given (anything else is a bad link). */
export const isOrderId = (value: string | null | undefined): value is string =>
  typeof value === 'string' && ID.test(value);

export const placeOrderPath = (orderId: string) => `/placeOrder/${encodeURIComponent(orderId)}`;
export const orderDetailPath = (orderId: string) => `/appointmentDetail/${encodeURIComponent(orderId)}`;
export const cancelReasonPath = (orderId: string) => `/cancelReson?orderId=${encodeURIComponent(orderId)}`;

/** The :type of /paySuccess/:type/:detailId for an appointment (the only paid flow so far). */
export const APPOINTMENT_PAY_TYPE = 'appointment';
export const paySuccessPath = (orderId: string) =>
  `/paySuccess/${APPOINTMENT_PAY_TYPE}/${encodeURIComponent(orderId)}`;

/** Where a patient starts a new booking (after an order ended). */
export const NEW_BOOKING_PATH = '/selectType';
export const ORDER_LIST_PATH = '/appointmentList';

/**
 * Where to choose another slot after a hold ran out: the same schedule's time slots (same-day for a slot of
 * today in China, where the hospitals are).
 */
export function chooseAnotherSlotPath(schedule: ScheduleItem, today: string = todayInChina()): string {
  return schedulePath(schedule.date === today, schedule);
}
