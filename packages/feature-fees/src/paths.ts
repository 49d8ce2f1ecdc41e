/** The fee screens' addresses (000 §2 'Outpatient fee', 'Inpatient fee'). */
export const FEE_ROUTES = {
  outpatientList: '/outpatientFee/list',
  outpatientDetail: '/outpatientFee/detail/:type/:orderId',
  paidList: '/outpatientFee/payList',
  outpatientPay: '/outpatientFee/pay/:orderId/:price',
  outpatientSuccess: '/outpatientFee/paySuccess',
  manage: '/inpatientFee/manage',
  inpatientIndex: '/inpatient/index',
  recharge: '/inpatientFee/rechargeFee/:contactId',
  rechargeSuccess: '/inpatientFee/rechargePaySuccess',
  rechargeHistory: '/inpatientFee/rechargeHistory/:contactId/:type',
  totalFee: '/inpatientFee/totalFee/:contactId',
  dayFee: '/inpatientFee/dayFee/:contactId',
  dayFeeDetail: '/dayFee/detail',
  inpatientPay: '/inpatientFee/inpatientPay/:contactId',
  stays: '/inpatientFee/inpatientPayList/:contactId',
  outFee: '/inpatientFee/inpatientOutFee/:idCard/:patientName',
  outFeeDetail: '/inpatientFee/outFeeDetail/:inpatientId',
  inpatientSuccess: '/inpatientFee/inpatientPaySuccess',
} as const;

const enc = encodeURIComponent;

/** `type` of the detail route: one unpaid order, or a merged charge (paid history). */
export const orderDetailPath = (orderId: string) => `/outpatientFee/detail/order/${enc(orderId)}`;
export const chargeDetailPath = (chargeId: string) => `/outpatientFee/detail/charge/${enc(chargeId)}`;
/** `price` is the charge's total in fen (shown while the charge loads; the service's amount is what is paid). */
export const outpatientPayPath = (chargeId: string, priceFen: number) =>
  `/outpatientFee/pay/${enc(chargeId)}/${priceFen}`;
export const outpatientSuccessPath = (chargeId: string) =>
  `/outpatientFee/paySuccess?chargeId=${enc(chargeId)}`;
export const rechargePath = (contactId: string, inpatientId?: string) =>
  `/inpatientFee/rechargeFee/${enc(contactId)}${inpatientId ? `?inpatientId=${enc(inpatientId)}` : ''}`;
export const rechargeSuccessPath = (depositId: string) =>
  `/inpatientFee/rechargePaySuccess?depositId=${enc(depositId)}`;
export const rechargeHistoryPath = (contactId: string, inpatientId?: string) =>
  `/inpatientFee/rechargeHistory/${enc(contactId)}/stay${inpatientId ? `?inpatientId=${enc(inpatientId)}` : ''}`;
const withStay = (base: string, inpatientId?: string) =>
  inpatientId ? `${base}?inpatientId=${enc(inpatientId)}` : base;
export const totalFeePath = (contactId: string, inpatientId?: string) =>
  withStay(`/inpatientFee/totalFee/${enc(contactId)}`, inpatientId);
export const dayFeePath = (contactId: string, inpatientId?: string) =>
  withStay(`/inpatientFee/dayFee/${enc(contactId)}`, inpatientId);
export const dayDetailPath = (inpatientId: string, date: string) =>
  `/dayFee/detail?inpatientId=${enc(inpatientId)}&date=${enc(date)}`;
export const inpatientPayPath = (contactId: string, inpatientId?: string) =>
  withStay(`/inpatientFee/inpatientPay/${enc(contactId)}`, inpatientId);
export const staysPath = (contactId: string) => `/inpatientFee/inpatientPayList/${enc(contactId)}`;
export const outFeePath = (idCard: string, patientName: string) =>
  `/inpatientFee/inpatientOutFee/${enc(idCard)}/${enc(patientName)}`;
export const outFeeDetailPath = (inpatientId: string) => `/inpatientFee/outFeeDetail/${enc(inpatientId)}`;
export const inpatientSuccessPath = (inpatientId: string) =>
  `/inpatientFee/inpatientPaySuccess?inpatientId=${enc(inpatientId)}`;

/** Ids of this service: digits (anything else is a bad link and sends nothing). */
export const isId = (value: string | null | undefined): value is string =>
  !!value && /^\d{1,10}$/.test(value);
