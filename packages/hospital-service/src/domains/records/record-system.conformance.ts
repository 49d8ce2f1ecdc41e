import { describe, expect, it } from 'vitest';
import { chinaDate } from '../../platform/clock.ts';
import type { HisPerson } from '../patients/index.ts';
import type { RecordSystem } from './his.ts';

/** An implementation under test, people it has visits of, an anchor, and a drug code it does not know. */
export interface RecordSystemUnderTest {
  port: RecordSystem;
  people: HisPerson[];
  anchor: Date;
  unknownDrug: string;
}

/** What every {@link RecordSystem} must do for the service (the simulated one, a real adapter's sandbox). */
export function recordSystemConformance(name: string, make: () => RecordSystemUnderTest): void {
  describe(`RecordSystem conformance: ${name}`, () => {
    it('answers the same visits for the same person every time', async () => {
      const { port, people, anchor } = make();
      for (const person of people) {
        const visits = await port.visitsOf(person, anchor);
        expect(await port.visitsOf({ ...person }, new Date(anchor))).toEqual(visits);
        expect(await make().port.visitsOf(person, anchor)).toEqual(visits);
      }
    });

    it('gives visits newest first, each dated, with its record, prescriptions of known drugs and its orders', async () => {
      const { port, people, anchor } = make();
      for (const person of people) {
        const visits = await port.visitsOf(person, anchor);
        expect(visits.length).toBeGreaterThan(0);
        const starts = visits.map((v) => v.startedAt.getTime());
        expect(starts).toEqual([...starts].sort((a, b) => b - a));
        expect(new Set(visits.map((v) => v.visitNo)).size).toBe(visits.length);
        for (const visit of visits) {
          expect(visit.date).toBe(chinaDate(visit.startedAt));
          expect(visit.patientId.trim()).not.toBe('');
          if (visit.template.type === 'INPATIENT') expect((visit.endDate ?? '') >= visit.date).toBe(true);
          else expect(visit.endDate).toBeNull();
          expect(visit.template.departmentName.trim()).not.toBe('');
          expect(visit.template.doctorName.trim()).not.toBe('');
          for (const prescription of visit.prescriptions) {
            expect(prescription.issuedAt.getTime()).toBeGreaterThanOrEqual(visit.startedAt.getTime());
            for (const drug of prescription.drugs) {
              expect(await port.drug(drug.drugCode), drug.drugCode).toMatchObject({ name: drug.name });
            }
          }
          for (const order of visit.orders) {
            expect(order.reportId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
            expect(order.requestedAt.getTime()).toBeGreaterThanOrEqual(visit.startedAt.getTime());
          }
        }
      }
    });

    it('keeps people apart: no visit or report id is shared by two people', async () => {
      const { port, people, anchor } = make();
      const owner = new Map<string, number>();
      for (const [i, person] of people.entries()) {
        for (const visit of await port.visitsOf(person, anchor)) {
          for (const id of [visit.visitNo, ...visit.orders.map((o) => o.reportId)]) {
            expect(owner.get(id) ?? i).toBe(i);
            owner.set(id, i);
          }
        }
      }
    });

    it('answers null for a drug it does not know', async () => {
      const { port, unknownDrug } = make();
      expect(await port.drug(unknownDrug)).toBeNull();
    });
  });
}
