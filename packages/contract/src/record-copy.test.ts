import { describe, expect, it } from 'vitest';
import { RECORD_COPY_STATUSES, recordCopyStatusOf } from './record-copy.ts';

describe('record-copy order status (000 §4)', () => {
  it('has the nine statuses with their titles and fee visibility', () => {
    expect(Object.keys(RECORD_COPY_STATUSES).sort()).toEqual(
      [
        'CANCEL',
        'FINISH',
        'IS_DELIVERED',
        'NO_ADVICE',
        'NO_DELIVERED',
        'NO_PAY',
        'NO_REVIEWED',
        'REFUSE',
        'TAKE_SELF',
      ].sort(),
    );
    const hidden = Object.entries(RECORD_COPY_STATUSES)
      .filter(([, s]) => !s.canSeeFee)
      .map(([k]) => k);
    expect(hidden.sort()).toEqual(['CANCEL', 'NO_REVIEWED', 'REFUSE']);
    expect(recordCopyStatusOf('NO_REVIEWED')).toMatchObject({ title: '待审核', canSeeFee: false });
    expect(recordCopyStatusOf('NO_PAY')).toMatchObject({ title: '待支付', canSeeFee: true });
    expect(recordCopyStatusOf('IS_DELIVERED').title).toBe('配送中');
    expect(recordCopyStatusOf('TAKE_SELF').title).toBe('待自取');
  });

  it('reads any unknown status as completed', () => {
    for (const unknown of ['', 'SOMETHING_NEW', '18', 'finish']) {
      expect(recordCopyStatusOf(unknown)).toEqual({ status: 'FINISH', ...RECORD_COPY_STATUSES.FINISH });
    }
  });
});
