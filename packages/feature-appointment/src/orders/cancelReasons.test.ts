import { describe, expect, it } from 'vitest';
import { CANCEL_REASON_MESSAGES, CANCEL_REASONS, cancelReason, OTHER_REASON } from './cancelReasons.ts';

describe('cancelReason', () => {
  it('asks for a choice first', () => {
    expect(cancelReason(null, '')).toEqual({ ok: false, message: '请选择取消原因' });
    expect(cancelReason('不在列表里的原因', '')).toEqual({ ok: false, message: CANCEL_REASON_MESSAGES.none });
  });

  it('sends a common reason as it reads', () => {
    for (const reason of CANCEL_REASONS.filter((r) => r !== OTHER_REASON)) {
      expect(cancelReason(reason, 'ignored')).toEqual({ ok: true, reason });
    }
    expect(CANCEL_REASONS.at(-1)).toBe('其他');
  });

  it("sends the patient's own words for '其他', trimmed, 1 to 100 characters", () => {
    expect(cancelReason(OTHER_REASON, '')).toEqual({ ok: false, message: '请填写取消原因' });
    expect(cancelReason(OTHER_REASON, '   \n ')).toEqual({ ok: false, message: '请填写取消原因' });
    expect(cancelReason(OTHER_REASON, '  临时出差  ')).toEqual({ ok: true, reason: '临时出差' });
    expect(cancelReason(OTHER_REASON, '因'.repeat(100))).toEqual({ ok: true, reason: '因'.repeat(100) });
    expect(cancelReason(OTHER_REASON, '因'.repeat(101))).toEqual({
      ok: false,
      message: '取消原因最多100个字',
    });
  });
});
