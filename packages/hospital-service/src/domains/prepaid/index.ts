/** Prepaid accounts: open, recharge (payments' ACCOUNT_RECHARGE), transactions, close with the balance refunded. */

export { blockersOfDeletion, erasePersonalData } from './erasure.ts';
export { type HisAccountLedger, simulatedHisLedger } from './his.ts';
export { rechargePayable } from './payable.ts';
export { prepaidRoutes } from './routes.ts';
export * from './tables.ts';
