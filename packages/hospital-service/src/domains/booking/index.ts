export { insuranceCovers, settle } from './fees.ts';
export { placesLeftNow, settlementOf } from './order-routes.ts';
export {
  effectiveStatus,
  type OrderRow,
  ownedOrder,
  type PaymentRow,
  paymentOfOrder,
  rulesOf,
  settleDueOrders,
} from './orders.ts';
export { chinaInstant, chinaTime, PERIOD_NAME, type Period } from './rules.ts';
export { yuan } from './schedules.ts';
export * from './tables.ts';
