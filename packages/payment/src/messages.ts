/** Every text the payment module gives the patient, in Chinese. */
export const PAYMENT_MESSAGES = {
  paid: '支付成功',
  pending: '支付结果确认中，请稍后在预约记录中查看',
  cancelled: '已取消支付',
  notCompleted: '支付未完成，可重新支付',
  bridgeFailed: '支付未成功，请稍后重试',
  bridgeUnavailable: '支付组件加载失败，请返回后重新进入页面再支付',
  closed: '该笔支付已关闭，订单可能已超时取消',
  refunded: '订单已不能支付，该笔款项将原路退回',
  missingParameters: '支付参数缺失，请稍后重试',
  badOrder: '订单信息有误，无法支付',
  badPaymentId: '支付记录编号有误',
  badCashier: '收银台地址有误，请稍后重试',
  otherInProgress: '另一笔支付正在进行中，请完成后再试',
  startFailed: '发起支付失败，请稍后重试',
} as const;
