export {
  type AlipayJSBridgeApi,
  type AlipayMiniProgramApi,
  alipayAuthCode,
  alipayResult,
  type BridgeResult,
  type MiniProgramMessage,
  type WechatJsSdkApi,
  type WechatPayParams,
  type WeixinJSBridgeApi,
  wechatResult,
} from './bridges.ts';
export {
  CASHIER_HOSTS,
  type CashierChannel,
  PAY_CHOICES,
  type PayChoice,
  payChoicesOf,
  providerCashierUrl,
} from './channels.ts';
export {
  authoriseInsurance,
  exchangeAuthCode,
  type InsuranceOrderKind,
  insuranceFromOf,
  insuranceOrderKind,
  insurancePayingPath,
  insuranceTransitPath,
  payAuthorisationOf,
  registerInsuranceOrderKind,
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
  miniProgramPayUrl,
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
