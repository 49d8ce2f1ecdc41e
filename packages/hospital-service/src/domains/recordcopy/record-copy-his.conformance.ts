import { describe, expect, it } from 'vitest';
import type { HisPerson } from '../patients/index.ts';
import type { RecordCopyHis } from './his.ts';

/** An implementation under test and people it knows with at least one discharged stay. */
export interface RecordCopyHisUnderTest {
  port: RecordCopyHis;
  people: HisPerson[];
  /** The day the stays are looked at (a stay can be copied once discharged). */
  today: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What every {@link RecordCopyHis} must do for the service (the simulated one, a real adapter's sandbox). */
export function recordCopyHisConformance(name: string, make: () => RecordCopyHisUnderTest): void {
  describe(`RecordCopyHis conformance: ${name}`, () => {
    it('answers the same stays for the same person every time', async () => {
      const { port, people } = make();
      for (const person of people) {
        expect(await port.staysOf({ ...person })).toEqual(await port.staysOf(person));
        expect(await make().port.staysOf(person)).toEqual(await port.staysOf(person));
      }
    });

    it('gives discharged stays, newest first, each with its number, department, ward, diagnosis and doctor', async () => {
      const { port, people, today } = make();
      for (const person of people) {
        const stays = await port.staysOf(person);
        expect(stays.length).toBeGreaterThan(0);
        expect(new Set(stays.map((s) => s.stayId)).size).toBe(stays.length);
        for (const stay of stays) {
          expect(stay.stayId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
          expect(stay.admittedOn).toMatch(DATE);
          expect(stay.dischargedOn).toMatch(DATE);
          expect(stay.dischargedOn >= stay.admittedOn).toBe(true);
          expect(stay.dischargedOn <= today).toBe(true);
          for (const text of [stay.admissionNo, stay.department, stay.ward, stay.diagnosis, stay.doctor]) {
            expect(text.trim()).not.toBe('');
          }
        }
        const admitted = stays.map((s) => s.admittedOn);
        expect(admitted).toEqual([...admitted].sort().reverse());
      }
    });

    it('keeps people apart: two people do not share a stay', async () => {
      const { port, people } = make();
      const seen = new Map<string, number>();
      for (const [i, person] of people.entries()) {
        for (const stay of await port.staysOf(person)) {
          expect(seen.get(stay.stayId) ?? i).toBe(i);
          seen.set(stay.stayId, i);
        }
      }
    });
  });
}
