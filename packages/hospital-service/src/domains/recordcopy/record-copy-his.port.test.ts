import { describe, expect, it } from 'vitest';
import { SimulatedRecordCopyHis } from './his.ts';
import { recordCopyHisConformance } from './record-copy-his.conformance.ts';

const PEOPLE = [
  { hospitalId: '1000', identityCard: '110101199003074514', name: '张伟' },
  { hospitalId: '1000', identityCard: '330102199001010027', name: '李娜' },
  { hospitalId: '1001', identityCard: '330102199001010027', name: '李娜' },
];

recordCopyHisConformance('SimulatedRecordCopyHis', () => ({
  port: new SimulatedRecordCopyHis(),
  people: PEOPLE,
  today: '2026-11-28',
}));

describe('SimulatedRecordCopyHis', () => {
  it('is marked as a simulation and keeps today’s stays: one to three, discharged 2021–2024', async () => {
    const his = new SimulatedRecordCopyHis();
    expect(his.simulated).toBe(true);
    for (const person of PEOPLE) {
      const stays = await his.staysOf(person);
      expect(stays.length).toBeGreaterThanOrEqual(1);
      expect(stays.length).toBeLessThanOrEqual(3);
      for (const stay of stays) {
        expect(stay.stayId.startsWith(`ZY${person.hospitalId}`)).toBe(true);
        expect(stay.dischargedOn >= '2021-01-04' && stay.dischargedOn <= '2025-12-31').toBe(true);
      }
    }
  });
});
