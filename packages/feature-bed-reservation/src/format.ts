import { ADMIT_PERIOD_NAME, type BedOrder, type BedOrderStatus } from '@patient/contract';
import type { StatusLook } from '@patient/feature-kit';

export { useHospitalId } from '@patient/feature-kit';

/** What each status looks like, for the patient. */
export const STATUS_LOOK: Record<BedOrderStatus, StatusLook> = {
  PENDING: { label: '待安排', hint: '病区正在安排床位，安排好后会在这里显示入院时间', tone: 'warning' },
  CONFIRMED: { label: '待确认', hint: '病区已安排入院时间，请尽快确认', tone: 'primary' },
  FINISHED: { label: '已确认入院', hint: '请按时携带入院通知单、身份证和医保卡办理入院', tone: 'success' },
  CANCELLED: { label: '已取消', hint: '该床位预约已取消', tone: 'muted' },
};

/** The same statuses as the nurse reads them. */
export const NURSE_STATUS_LOOK: Record<BedOrderStatus, StatusLook> = {
  PENDING: { label: '待安排', hint: '请安排入院时间，或转至其他病区', tone: 'warning' },
  CONFIRMED: { label: '待患者确认', hint: '已安排入院时间，等待患者确认；确认前可修改', tone: 'primary' },
  FINISHED: { label: '患者已确认', hint: '患者已确认入院时间', tone: 'success' },
  CANCELLED: { label: '已取消', hint: '患者已取消该预约', tone: 'muted' },
};

/** The offered admission as one line: '2030-05-12 上午 8:00–11:30'. */
export const admissionText = (a: NonNullable<BedOrder['admission']>) =>
  `${a.date} ${ADMIT_PERIOD_NAME[a.period]}`;

/** Ids in links: what the service's ids look like. */
export const isOrderId = (value: string | undefined): value is string => !!value && /^\d{1,10}$/.test(value);

/** 入院通知单号 as the service takes it. */
export const NOTICE_PATTERN = /^[A-Za-z0-9-]{4,32}$/;
