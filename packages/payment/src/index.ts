export {
  type AlipayJSBridgeApi,
  type AlipayMiniProgramApi,
  alipayResult,
  type BridgeResult,
  type WechatPayParams,
  type WeixinJSBridgeApi,
  wechatResult,
} from './bridges.ts';
export {
  authoriseInsurance,
  exchangeAuthCode,
  INSURANCE_ORDER_KINDS,
  insuranceFromOf,
  insurancePayingPath,
  insuranceTransitPath,
  payAuthorisationOf,
} from './insurance.ts';
export {
  BUSY_PHASES,
  INITIAL_PAYMENT_STATE,
  InvalidTransition,
  type PaymentEvent,
  type PaymentOutcome,
  type PaymentOutcomeStatus,
  type PaymentPhase,
  type PaymentState,
  transition,
} from './machine.ts';
export { PAYMENT_MESSAGES } from './messages.ts';
export {
  confirmPayment,
  currentPayChannel,
  type PayForOrderInput,
  type PaymentRun,
  payChannelFor,
  payForOrder,
} from './pay.ts';
export {
  configurePayment,
  DEFAULT_PAYMENT_SETTINGS,
  type PaymentSettings,
  resetPaymentSettings,
} from './settings.ts';
export { type PaymentView, usePayment } from './usePayment.ts';
