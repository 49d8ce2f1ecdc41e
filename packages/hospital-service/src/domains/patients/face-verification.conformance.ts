import { describe, expect, it } from 'vitest';
import type { FaceVerification } from './face-verification.ts';
import { FaceVerificationError } from './face-verification.ts';

/** A port implementation under test, and how the test plays the patient on its page (when it can). */
export interface FaceVerificationUnderTest {
  port: FaceVerification;
  /** Passes or fails the face of a started verification, as the patient would on the platform's page. */
  decide?: (ticket: string, passed: boolean) => Promise<void>;
}

const PERSON = { name: '李娜', idNumber: '330102199001010027', returnUrl: '/contact/1' };

/**
 * What every {@link FaceVerification} must do for the service: run it with `make` giving a fresh implementation
 * (a real adapter against its sandbox; without `decide`, only the cases that need no face run).
 */
export function faceVerificationConformance(name: string, make: () => FaceVerificationUnderTest): void {
  describe(`FaceVerification conformance: ${name}`, () => {
    it('starts: a verify URL and a ticket the contract accepts, a new ticket every time', async () => {
      const { port } = make();
      const a = await port.start(PERSON);
      const b = await port.start(PERSON);
      expect(a.verifyUrl).toMatch(/^(\/|https:\/\/)/);
      expect(a.ticket).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
      expect(b.ticket).not.toBe(a.ticket);
    });

    it('a started verification is PENDING, an unknown ticket UNKNOWN; neither has passed', async () => {
      const { port } = make();
      const { ticket } = await port.start(PERSON);
      expect(await port.result(ticket)).toMatchObject({ status: 'PENDING', passed: false, person: null });
      expect(await port.result(`${ticket}x`)).toMatchObject({
        status: 'UNKNOWN',
        passed: false,
        person: null,
      });
    });

    it('refuses what it cannot verify with FaceVerificationError', async () => {
      const { port } = make();
      await expect(port.start({ ...PERSON, idNumber: 'E12345678' })).rejects.toBeInstanceOf(
        FaceVerificationError,
      );
      await expect(port.start({ ...PERSON, name: ' ' })).rejects.toBeInstanceOf(FaceVerificationError);
    });

    it('a passed face names the person verified; a failed one nobody; the result can be read again', async () => {
      const { port, decide } = make();
      if (!decide) return;
      const passed = await port.start(PERSON);
      const failed = await port.start(PERSON);
      await decide(passed.ticket, true);
      await decide(failed.ticket, false);
      const expected = {
        status: 'PASSED',
        passed: true,
        person: { name: PERSON.name, idNumber: PERSON.idNumber },
      };
      expect(await port.result(passed.ticket)).toEqual(expected);
      expect(await port.result(passed.ticket)).toEqual(expected);
      expect(await port.result(failed.ticket)).toEqual({ status: 'FAILED', passed: false, person: null });
    });
  });
}
