/** Appointments: departments, doctors, schedules and their sources, booking rules, holds and orders. */
export { doubleBookings } from './double-bookings.ts';
export { blockersOfDeletion, erasePersonalData } from './erasure.ts';
export { settlementOf, slotFull } from './order-routes.ts';
export {
  claimablePlaces,
  effectiveStatus,
  lockSources,
  type OrderRow,
  ownedOrder,
  paymentOfOrder,
  rulesOf,
  settleDueOrders,
  stopSchedule,
} from './orders.ts';
export { appointmentPayable } from './payable.ts';
export { normaliseKeyword, spell } from './pinyin.ts';
export { chinaInstant, chinaTime, PERIOD_NAME, type Period } from './rules.ts';
export {
  addMissingSources,
  refreshSchedules,
  SCHEDULE_DAYS,
  SCHEDULE_ROLL_LOCK,
  scheduleDaysFrom,
  seedSchedules,
} from './schedule-roll.ts';
export { completeBookingCatalogue, seedBookingCatalogue } from './seed.ts';
export * from './tables.ts';
