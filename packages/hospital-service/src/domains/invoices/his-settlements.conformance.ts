import { INVOICE_TYPE_LABEL } from '@patient/contract';
import { describe, expect, it } from 'vitest';
import { type HisSettlements, HisSettlementsError, type SettlementPerson } from './his.ts';

/** An implementation under test and two people it has settlements for. */
export interface HisSettlementsUnderTest {
  his: HisSettlements;
  person: SettlementPerson;
  other: SettlementPerson;
}

/** What every {@link HisSettlements} must do for the service (a real adapter: against its test counterpart). */
export function hisSettlementsConformance(name: string, make: () => HisSettlementsUnderTest): void {
  describe(`HisSettlements conformance: ${name}`, () => {
    it('lists the same settlements for a person every time; their ids are unique, another person’s differ', async () => {
      const { his, person, other } = make();
      const listed = await his.settlementsOf(person);
      expect(listed.length).toBeGreaterThan(0);
      expect(await his.settlementsOf(person)).toEqual(listed);
      const ids = new Set(listed.map((s) => s.settlementId));
      expect(ids.size).toBe(listed.length);
      expect((await his.settlementsOf(other)).some((s) => ids.has(s.settlementId))).toBe(false);
    });

    it('amounts in whole fen, each settlement the sum of its lines, of a known kind, paid in the past', async () => {
      const { his, person } = make();
      for (const s of await his.settlementsOf(person)) {
        expect(s.type in INVOICE_TYPE_LABEL).toBe(true);
        expect(s.lines.length).toBeGreaterThan(0);
        for (const line of s.lines) expect(Number.isInteger(line.amount) && line.amount > 0).toBe(true);
        expect(s.amount).toBe(s.lines.reduce((sum, l) => sum + l.amount, 0));
        expect(s.paidAt.getTime()).toBeLessThanOrEqual(Date.now());
        expect(s.title.trim()).not.toBe('');
      }
    });

    it('refuses a hospital or person it cannot look up, with HisSettlementsError', async () => {
      const { his, person } = make();
      await expect(his.settlementsOf({ ...person, hospitalId: 'no-such-hospital' })).rejects.toBeInstanceOf(
        HisSettlementsError,
      );
      await expect(his.settlementsOf({ ...person, identityCard: ' ' })).rejects.toBeInstanceOf(
        HisSettlementsError,
      );
    });
  });
}
