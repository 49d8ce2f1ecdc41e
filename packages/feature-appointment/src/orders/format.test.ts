import { describe, expect, it } from 'vitest';
import { cardTail, clinicLabel, dateLabel, doctorLabel, visitTime } from './format.ts';
import { cancelReasonPath, chooseAnotherSlotPath, paySuccessPath } from './paths.ts';
import { makeOrder } from './testing.tsx';

describe('order texts', () => {
  it('writes dates with their weekday, half days and slots', () => {
    expect(dateLabel('2030-05-14')).toBe('2030-05-14 周二');
    expect(dateLabel('2026-03-01')).toBe('2026-03-01 周日');
    expect(dateLabel('bad')).toBe('bad');
    expect(
      visitTime({
        schedule: { date: '2030-05-14', halfDay: 'PM' },
        source: { startTime: '14:00', endTime: '14:30' },
      }),
    ).toBe('2030-05-14 周二 下午 14:00-14:30');
  });

  it('names the doctor, or the clinic of a department schedule', () => {
    expect(doctorLabel({ doctorName: '李明', doctorTitle: '主任医师', type: 'EXPERT' })).toBe(
      '李明 主任医师',
    );
    expect(doctorLabel({ doctorName: '李明', doctorTitle: null, type: null })).toBe('李明');
    expect(doctorLabel({ doctorName: null, doctorTitle: null, type: 'DEPARTMENT' })).toBe('科室门诊');
    expect(clinicLabel(null)).toBe('普通门诊');
    expect(clinicLabel('EXPERT')).toBe('专家门诊');
  });

  it('hides all but the last 4 characters of a card number', () => {
    expect(cardTail('100012345678')).toBe('尾号5678');
    expect(cardTail(null)).toBe('—');
  });
});

describe('paths', () => {
  it("encodes ids and sends an expired hold back to the schedule's time slots", () => {
    expect(paySuccessPath('o1')).toBe('/paySuccess/appointment/o1');
    expect(cancelReasonPath('o 1')).toBe('/cancelReson?orderId=o%201');
    const { schedule } = makeOrder();
    expect(chooseAnotherSlotPath(schedule, '2030-05-13')).toBe('/schedule/EXPERT/1000/d11/doc1/XXGNK/s1');
    expect(chooseAnotherSlotPath(schedule, '2030-05-14')).toBe(
      '/today/schedule/EXPERT/1000/d11/doc1/XXGNK/s1',
    );
  });
});
