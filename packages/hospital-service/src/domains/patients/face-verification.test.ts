import { describe, expect, it } from 'vitest';
import { faceVerificationConformance } from './face-verification.conformance.ts';
import { faceVerificationFor, SimulatedFaceVerification } from './face-verification.ts';

faceVerificationConformance('SimulatedFaceVerification', () => {
  const port = new SimulatedFaceVerification();
  return {
    port,
    decide: async (ticket, passed) => {
      expect(port.decide(ticket, passed)).toBe('/contact/1');
    },
  };
});

describe('SimulatedFaceVerification', () => {
  it('forgets a verification after 30 minutes, and decides each one once', async () => {
    let now = 0;
    const port = new SimulatedFaceVerification(() => now);
    const { ticket } = await port.start({ name: '李娜', idNumber: '330102199001010027', returnUrl: '/x' });
    expect(port.decide(ticket, true)).toBe('/x');
    expect(port.decide(ticket, false)).toBeNull();
    now += 30 * 60_000;
    expect((await port.result(ticket)).status).toBe('UNKNOWN');
  });

  it('is never used in production', () => {
    const simulated = new SimulatedFaceVerification();
    expect(faceVerificationFor(true, simulated, Date.now)).toBeNull();
    expect(faceVerificationFor(true, undefined, Date.now)).toBeNull();
    expect(faceVerificationFor(false, undefined, Date.now)).toBeInstanceOf(SimulatedFaceVerification);
    expect(faceVerificationFor(false, null, Date.now)).toBeNull();
  });
});
