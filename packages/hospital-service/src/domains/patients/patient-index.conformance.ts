import { describe, expect, it } from 'vitest';
import { type HisPerson, type PatientIndex, PatientIndexError } from './his.ts';

/** A port implementation under test, with two people of its hospital: one it has filed, one it does not know. */
export interface PatientIndexUnderTest {
  port: PatientIndex;
  /** A person with a record at `filed.hospitalId`. */
  filed: HisPerson;
  /** A person without a record at `unfiled.hospitalId` (fresh for each `make`). */
  unfiled: HisPerson;
}

const MOBILE = /^1[3-9]\d{9}$/;

/**
 * What every {@link PatientIndex} must do for the service: run it with `make` giving a fresh implementation (a
 * real adapter against its local counterpart or a test HIS).
 */
export function patientIndexConformance(name: string, make: () => PatientIndexUnderTest): void {
  describe(`PatientIndex conformance: ${name}`, () => {
    it('a filed person is filed and has a hospital card, the same cards every time', async () => {
      const { port, filed } = make();
      expect(await port.isFiled(filed)).toBe(true);
      const cards = await port.cardsOf(filed);
      expect(cards.some((c) => c.type === 'HOSPITAL_CARD')).toBe(true);
      for (const card of cards) expect(card.medicalCardNo).toMatch(/^[0-9A-Z]{6,32}$/);
      expect(await port.cardsOf(filed)).toEqual(cards);
    });

    it('an unknown person is not filed and has no cards', async () => {
      const { port, unfiled } = make();
      expect(await port.isFiled(unfiled)).toBe(false);
      expect(await port.cardsOf(unfiled)).toEqual([]);
    });

    it('files a person once with a hospital card; filing again is idempotent by identity', async () => {
      const { port, unfiled } = make();
      const first = await port.file(unfiled);
      expect(first.created).toBe(true);
      const hospitalCard = first.cards.find((c) => c.type === 'HOSPITAL_CARD');
      expect(hospitalCard).toBeDefined();
      expect(await port.isFiled(unfiled)).toBe(true);
      expect(await port.cardsOf(unfiled)).toEqual(first.cards);
      // The same identity (document number in lower case, name with spaces around) is the same person.
      const again = await port.file({
        ...unfiled,
        identityCard: unfiled.identityCard.toLowerCase(),
        name: ` ${unfiled.name} `,
      });
      expect(again).toEqual({ created: false, cards: first.cards });
    });

    it('filing a person it already knows creates nothing and answers their cards', async () => {
      const { port, filed } = make();
      expect(await port.file(filed)).toEqual({ created: false, cards: await port.cardsOf(filed) });
    });

    it('the phone it holds is a mainland mobile (or none), the same for the person at every hospital', async () => {
      const { port, filed } = make();
      const phone = await port.phoneOf(filed);
      if (phone !== null) expect(phone).toMatch(MOBILE);
      expect(await port.phoneOf({ identityCard: filed.identityCard, name: filed.name })).toBe(phone);
    });

    it('refuses to file a person without a name with PatientIndexError', async () => {
      const { port, unfiled } = make();
      await expect(port.file({ ...unfiled, name: ' ' })).rejects.toBeInstanceOf(PatientIndexError);
    });
  });
}
