import { describe, expect, it } from 'vitest';
import {
  type HealthCardHolder,
  type HealthCardPlatform,
  HealthCardPlatformError,
} from './health-code-platform.ts';

/** A platform under test and a resident it can register (an 18-character resident ID). */
export interface HealthCardPlatformUnderTest {
  port: HealthCardPlatform;
  holder: HealthCardHolder;
  /** Another resident. */
  other: HealthCardHolder;
}

/** What every {@link HealthCardPlatform} must do for the service (a real adapter against its local counterpart). */
export function healthCardPlatformConformance(name: string, make: () => HealthCardPlatformUnderTest): void {
  describe(`HealthCardPlatform conformance: ${name}`, () => {
    it('registers a card; registering the same person again answers the same card (idempotent)', async () => {
      const { port, holder, other } = make();
      const card = await port.registerCard(holder);
      expect(card.cardNo).toMatch(/^[0-9A-Z]{16,64}$/);
      expect(await port.registerCard(holder)).toEqual(card);
      expect((await port.registerCard(other)).cardNo).not.toBe(card.cardNo);
    });

    it('refuses what it cannot register with HealthCardPlatformError', async () => {
      const { port, holder } = make();
      await expect(port.registerCard({ ...holder, idNumber: 'E12345678' })).rejects.toBeInstanceOf(
        HealthCardPlatformError,
      );
      await expect(port.registerCard({ ...holder, address: '' })).rejects.toBeInstanceOf(
        HealthCardPlatformError,
      );
    });

    it('gives a stable health code with a colour', async () => {
      const { port, holder } = make();
      const code = await port.healthCode(holder);
      expect(['GREEN', 'YELLOW', 'RED']).toContain(code.color);
      expect(code.codeId).toMatch(/^[0-9A-Z]{8,64}$/);
      expect(await port.healthCode(holder)).toEqual(code);
      await expect(port.healthCode({ ...holder, idNumber: 'E12345678' })).rejects.toBeInstanceOf(
        HealthCardPlatformError,
      );
    });
  });
}
