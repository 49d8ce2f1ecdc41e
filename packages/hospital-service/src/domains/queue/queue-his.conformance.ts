import { afterAll, describe, expect, it } from 'vitest';
import type { HisPerson } from '../patients/index.ts';
import type { QueueHis, QueueRow } from './his.ts';

/** A queue system under test: queues it knows, people, today's date, and how to let time pass (when it can). */
export interface QueueHisUnderTest {
  port: QueueHis;
  queues: QueueRow[];
  people: HisPerson[];
  /** The China date of "now" for the implementation. */
  date: string;
  /** Moves the implementation's clock on (a real system's sandbox: leave it out). */
  advance?: (ms: number) => void;
  close?: () => Promise<void>;
}

/**
 * What every {@link QueueHis} must do for the service (the simulated one, a real adapter's sandbox). `make` is
 * called once; the suite signs in with its own sign-in ids (`CONFORMANCE-…`).
 */
export function queueHisConformance(name: string, make: () => Promise<QueueHisUnderTest>): void {
  describe(`QueueHis conformance: ${name}`, () => {
    let made: Promise<QueueHisUnderTest> | undefined;
    const subject = () => {
      made ??= make();
      return made;
    };
    afterAll(async () => (await made)?.close?.());

    it('answers every queue asked, in order: the number called, the highest issued, the latest calls', async () => {
      const { port, queues } = await subject();
      const states = await port.statesOf(queues);
      expect(states).toHaveLength(queues.length);
      for (const state of states) {
        expect(state.issued).toBeGreaterThanOrEqual(state.calledNumber ?? 0);
        expect(state.calledNumber).toBe(state.recent[0]?.number ?? null);
        const numbers = state.recent.map((r) => r.number);
        expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
        const times = state.recent.map((r) => r.calledAt.getTime());
        expect(times).toEqual([...times].sort((a, b) => b - a));
        expect(typeof state.open).toBe('boolean');
      }
      expect(await port.statesOf([...queues].reverse())).toEqual([...states].reverse());
    });

    it('hands out the next number at sign-in; the same sign-in again gets the same number (idempotent)', async () => {
      const { port, queues, date } = await subject();
      const [queue] = queues;
      const [before] = await port.statesOf([queue]);
      const request = { signId: 'CONFORMANCE-1', date, patientName: '李娜' };
      const first = await port.signIn(queue, request);
      expect(first.number).toBeGreaterThan(before.issued);
      expect(await port.signIn(queue, { ...request })).toEqual(first);
      const second = await port.signIn(queue, { ...request, signId: 'CONFORMANCE-2' });
      expect(second.number).toBeGreaterThan(first.number);
      const [after] = await port.statesOf([queue]);
      expect(after.issued).toBeGreaterThanOrEqual(second.number);
      // Simultaneous sign-ins get different numbers.
      const together = await Promise.all(
        [3, 4, 5].map((n) => port.signIn(queue, { ...request, signId: `CONFORMANCE-${n}` })),
      );
      expect(new Set(together.map((t) => t.number)).size).toBe(3);
    });

    it('calls on as time passes: the number called never goes back', async () => {
      const { port, queues, advance } = await subject();
      if (!advance) return;
      let [last] = await port.statesOf([queues[0]]);
      for (let i = 0; i < 5; i++) {
        advance(10 * 60_000);
        const [now] = await port.statesOf([queues[0]]);
        expect(now.calledNumber ?? 0).toBeGreaterThanOrEqual(last.calledNumber ?? 0);
        last = now;
      }
      expect(last.calledNumber).not.toBeNull();
    });

    it('answers the same prescriptions for a person on a day, each at a pharmacy', async () => {
      const { port, people, date } = await subject();
      for (const person of people) {
        const prescriptions = await port.prescriptionsOf(person, date);
        expect(await port.prescriptionsOf({ ...person }, date)).toEqual(prescriptions);
        for (const p of prescriptions) {
          expect(p.prescriptionNo).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
          expect(['WEST', 'TCM']).toContain(p.pharmacy);
          expect(p.department.trim()).not.toBe('');
        }
      }
    });
  });
}
