import { describe, expect, it } from 'vitest';
import { type CityServiceEnergy, CityServiceEnergyError } from './city-service-energy.ts';

/**
 * What every {@link CityServiceEnergy} must do for the service: run with `make` giving a fresh implementation
 * and a valid and an invalid authorisation code (a real adapter against the payment app's sandbox).
 */
export function cityServiceEnergyConformance(
  name: string,
  make: () => { port: CityServiceEnergy; validCode: string; invalidCode: string },
): void {
  describe(`CityServiceEnergy conformance: ${name}`, () => {
    it('grants positive energy with a grant id', async () => {
      const { port, validCode } = make();
      const grant = await port.grant({ authCode: validCode, scene: 'ONLINE_BOOKING', outBizNo: 'BOOKING-1' });
      expect(grant.grantId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
      expect(Number.isInteger(grant.energy) && grant.energy > 0).toBe(true);
    });

    it('is idempotent by outBizNo: the same number answers the same grant; another number another grant', async () => {
      const { port, validCode } = make();
      const first = await port.grant({ authCode: validCode, scene: 'ONLINE_BOOKING', outBizNo: 'BOOKING-2' });
      const again = await port.grant({ authCode: validCode, scene: 'ONLINE_BOOKING', outBizNo: 'BOOKING-2' });
      const other = await port.grant({ authCode: validCode, scene: 'ONLINE_BOOKING', outBizNo: 'BOOKING-3' });
      expect(again).toEqual(first);
      expect(other.grantId).not.toBe(first.grantId);
    });

    it('refuses an invalid authorisation code with CityServiceEnergyError', async () => {
      const { port, invalidCode } = make();
      await expect(
        port.grant({ authCode: invalidCode, scene: 'ONLINE_BOOKING', outBizNo: 'BOOKING-4' }),
      ).rejects.toBeInstanceOf(CityServiceEnergyError);
    });
  });
}
