import { describe, expect, it } from 'vitest';
import { addDays, chinaDate, weekday } from '../../platform/clock.ts';
import type { HisPerson } from '../patients/index.ts';
import { type CheckupHis, ITEM_TYPES, type ItemTypeId, itemByCode } from './his.ts';

/** An implementation under test, people it has requests for, and the instant it is asked at. */
export interface CheckupHisUnderTest {
  port: CheckupHis;
  people: HisPerson[];
  now: Date;
}

/** What every {@link CheckupHis} must do for the service (the simulated one, a real adapter's sandbox). */
export function checkupHisConformance(name: string, make: () => CheckupHisUnderTest): void {
  describe(`CheckupHis conformance: ${name}`, () => {
    it('answers the same requests for the same person every time', async () => {
      const { port, people } = make();
      for (const person of people) {
        expect(await port.requestsOf({ ...person })).toEqual(await port.requestsOf(person));
        expect(await make().port.requestsOf(person)).toEqual(await port.requestsOf(person));
      }
    });

    it('gives requests of items of the dictionary, of their type, made before now, each number once', async () => {
      const { port, people, now } = make();
      const numbers = new Set<string>();
      for (const person of people) {
        const requests = await port.requestsOf(person);
        expect(requests.length).toBeGreaterThan(0);
        for (const r of requests) {
          const item = itemByCode(r.itemCode);
          expect(item, r.itemCode).toBeDefined();
          expect(r.itemTypeId).toBe(item?.type);
          expect(r.urgentFlag).toMatch(/^[01]$/);
          expect(r.emergencySchedule).toMatch(/^[01]$/);
          expect(r.applicationNo).toMatch(/^[A-Za-z0-9]{1,32}$/);
          expect(r.orderItemId).toMatch(/^[A-Za-z0-9]{1,32}$/);
          expect(r.requestedAt.getTime()).toBeLessThanOrEqual(now.getTime());
          // Two people never share a request.
          expect(numbers.has(`${r.applicationNo}|${r.orderItemId}`)).toBe(false);
          numbers.add(`${r.applicationNo}|${r.orderItemId}`);
        }
      }
    });

    it('answers the places taken for every time slot of every date asked, within the capacity', async () => {
      const { port, now } = make();
      const today = chinaDate(now);
      const dates = Array.from({ length: 14 }, (_, i) => addDays(today, i));
      for (const type of Object.keys(ITEM_TYPES) as ItemTypeId[]) {
        const { batches, capacity, closedOn } = ITEM_TYPES[type];
        const rows = await port.takenPlaces('1000', type, dates);
        expect(rows).toHaveLength(dates.length * batches.length);
        for (const date of dates) {
          for (const { batchId } of batches) {
            const row = rows.find((r) => r.date === date && r.batchId === batchId);
            expect(row, `${type} ${date} ${batchId}`).toBeDefined();
            expect(Number.isInteger(row?.taken)).toBe(true);
            expect(row?.taken).toBeGreaterThanOrEqual(0);
            expect(row?.taken).toBeLessThanOrEqual(capacity);
            // No examinations that day: nothing left to book.
            if (closedOn.includes(weekday(date))) expect(row?.taken).toBe(capacity);
          }
        }
        expect(await port.takenPlaces('1000', type, dates)).toEqual(rows);
      }
    });
  });
}
