/** The common reasons offered on /cancelReson; '其他' asks for the patient's own words. */
export const CANCEL_REASONS = [
  '行程有变，无法按时就诊',
  '病情好转，暂不需要就诊',
  '挂错科室或医生',
  '想换个时间或医生',
  '重复预约',
  '其他',
] as const;

export const OTHER_REASON = '其他';
/** The service takes at most 100 characters (refundOrder's reason). */
export const REASON_MAX_LENGTH = 100;

export const CANCEL_REASON_MESSAGES = {
  none: '请选择取消原因',
  empty: '请填写取消原因',
  tooLong: `取消原因最多${REASON_MAX_LENGTH}个字`,
} as const;

export type CancelReasonResult = { ok: true; reason: string } | { ok: false; message: string };

/**
 * The reason to send for the patient's choice: one of CANCEL_REASONS as is, or for '其他' the trimmed text
 * they typed (1–100 characters). Anything else gets a Chinese message and nothing is sent.
 */
export function cancelReason(choice: string | null, otherText: string): CancelReasonResult {
  if (choice === null || !(CANCEL_REASONS as readonly string[]).includes(choice)) {
    return { ok: false, message: CANCEL_REASON_MESSAGES.none };
  }
  if (choice !== OTHER_REASON) return { ok: true, reason: choice };
  const text = otherText.trim();
  if (text === '') return { ok: false, message: CANCEL_REASON_MESSAGES.empty };
  // String length (UTF-16 units) is what the service's limit counts.
  if (text.length > REASON_MAX_LENGTH) return { ok: false, message: CANCEL_REASON_MESSAGES.tooLong };
  return { ok: true, reason: text };
}
