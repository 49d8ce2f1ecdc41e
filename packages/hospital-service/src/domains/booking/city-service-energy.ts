import { createHash } from 'node:crypto';

/**
 * The payment app's city-service green energy (支付宝城市服务绿色能量): the port the booking domain asks to
 * reward an online booking paid in the payment app. Asynchronous (a real adapter calls the payment app's open
 * API); idempotent by `outBizNo` on the payment app's side: the same number grants once and answers the same
 * grant again.
 */
export interface CityServiceEnergy {
  grant(request: EnergyRequest): Promise<EnergyGrant>;
}

export interface EnergyRequest {
  /** The payment app's authorisation code of the user (one-time on the real platform). */
  authCode: string;
  /** The payment app's scene code. */
  scene: string;
  /** Our business number: one per order, the idempotency key. */
  outBizNo: string;
}

export interface EnergyGrant {
  grantId: string;
  /** Grams of green energy. */
  energy: number;
}

/** The payment app refused (an invalid or expired authorisation code, an unknown scene…). */
export class CityServiceEnergyError extends Error {}

/** Grams of energy the simulation grants for an online booking (线上挂号). */
export const SIMULATED_BOOKING_ENERGY = 277;

/**
 * **Simulated** payment app (no real platform is called): grants SIMULATED_BOOKING_ENERGY grams, a grant id
 * derived from `outBizNo`, once per `outBizNo` (kept in memory, like the platform's own idempotency). An
 * authorisation code starting with `invalid` is refused, to show the refusal.
 */
export class SimulatedCityServiceEnergy implements CityServiceEnergy {
  readonly simulated = true;
  private readonly grants = new Map<string, EnergyGrant>();

  async grant(request: EnergyRequest): Promise<EnergyGrant> {
    if (request.authCode.startsWith('invalid')) throw new CityServiceEnergyError('授权码无效或已过期');
    if (!/^[A-Za-z0-9_]{1,32}$/.test(request.scene)) throw new CityServiceEnergyError('场景码无效');
    const known = this.grants.get(request.outBizNo);
    if (known) return known;
    const grant = {
      grantId: `EN${createHash('sha256').update(`energy|${request.outBizNo}`).digest('hex').slice(0, 24)}`,
      energy: SIMULATED_BOOKING_ENERGY,
    };
    this.grants.set(request.outBizNo, grant);
    return grant;
  }
}
