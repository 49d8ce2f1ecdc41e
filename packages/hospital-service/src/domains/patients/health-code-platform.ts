import { createHash, createHmac } from 'node:crypto';
import type { HealthCode } from '@patient/contract';
import { askOutside } from '../../platform/outside-system.ts';

export type HealthCodeColor = HealthCode['color'];

/** The platform as the patient reads it in a refusal (askOutside's system name). */
export const HEALTH_PLATFORM_SYSTEM = '电子健康卡平台';

/** A resident as the provincial health platform registers them (a resident ID card only). */
export interface HealthCardHolder {
  name: string;
  /** 18-character resident ID number. */
  idNumber: string;
  /** The reference data's codes (ethnicity, occupation) and the home address the platform requires. */
  ethnicity: string;
  occupation: string;
  address: string;
  phone: string;
  /** The hospital that registers the card (its organisation code on the platform is the hospital's). */
  hospitalId: string;
}

/**
 * The provincial health platform: the resident's electronic health card (电子健康卡, one per person, whichever
 * hospital registers it) and their health code (健康码). Every method may be slow or fail: handlers call it
 * through {@link askOutside} before writing. Documented in this domain's README ('Ports').
 */
export interface HealthCardPlatform {
  /** How long one call may take (default 8 s). */
  readonly timeoutMs?: number;
  /**
   * Registers the resident's card, or answers the card they already have: idempotent by ID number and name.
   * Throws {@link HealthCardPlatformError} when the platform refuses the person (its reason).
   */
  registerCard(holder: HealthCardHolder): Promise<{ cardNo: string }>;
  /** The resident's health code: its id on the platform (stable) and colour. */
  healthCode(person: { name: string; idNumber: string }): Promise<{ codeId: string; color: HealthCodeColor }>;
}

/** The platform refused a request about a person (its own reason, in Chinese): not a failure. */
export class HealthCardPlatformError extends Error {}

/** Asks the platform through {@link askOutside}: a failure or time-out is a 503, its refusals pass. */
export const askHealthPlatform = <T>(
  platform: HealthCardPlatform,
  call: (platform: HealthCardPlatform) => Promise<T>,
) =>
  askOutside(HEALTH_PLATFORM_SYSTEM, () => call(platform), {
    timeoutMs: platform.timeoutMs,
    passThrough: (error) => error instanceof HealthCardPlatformError,
  });

/** Demo people whose code is not green (valid resident ID numbers; any name). */
export const HEALTH_CODE_WATCHLIST: ReadonlyMap<string, Exclude<HealthCodeColor, 'GREEN'>> = new Map([
  ['330102199005061239', 'YELLOW'],
  ['331004199208172041', 'YELLOW'],
  ['410105198811223452', 'RED'],
  ['520603197503091617', 'RED'],
] as const);

/** The colour the simulated platform gives a person (by 18-character resident ID number). */
export function healthCodeColorOf(documentNumber: string): HealthCodeColor {
  return HEALTH_CODE_WATCHLIST.get(documentNumber) ?? 'GREEN';
}

/** The simulated platform's id of a person's code: `HC` and 18 digits. */
export function healthCodeIdOf(documentNumber: string): string {
  const hex = createHash('sha256').update(`health-code|${documentNumber}`).digest('hex');
  return `HC${(BigInt(`0x${hex.slice(0, 24)}`) % 10n ** 18n).toString().padStart(18, '0')}`;
}

const RESIDENT_ID = /^\d{17}[\dX]$/;

/**
 * The simulated platform, deterministic so that everybody sees the same answers: a card number derived from
 * the person (the same in every account); everybody's code GREEN except {@link HEALTH_CODE_WATCHLIST}, which
 * exists to show the YELLOW and RED screens; a code id derived from the ID number.
 */
export class SimulatedHealthCardPlatform implements HealthCardPlatform {
  readonly simulated = true;

  async registerCard(holder: HealthCardHolder): Promise<{ cardNo: string }> {
    if (!RESIDENT_ID.test(holder.idNumber)) {
      throw new HealthCardPlatformError('电子健康卡仅支持18位居民身份证号码');
    }
    for (const [value, label] of [
      [holder.name, '姓名'],
      [holder.ethnicity, '民族'],
      [holder.occupation, '职业'],
      [holder.address, '住址'],
    ] as const) {
      if (value.trim() === '') throw new HealthCardPlatformError(`办理电子健康卡需要${label}`);
    }
    const cardNo = createHmac('sha256', 'electronic-health-card')
      .update(`${holder.idNumber}|${holder.name}`)
      .digest('hex')
      .toUpperCase();
    return { cardNo };
  }

  async healthCode(person: { name: string; idNumber: string }) {
    if (!RESIDENT_ID.test(person.idNumber))
      throw new HealthCardPlatformError('健康码仅支持18位居民身份证号码');
    return { codeId: healthCodeIdOf(person.idNumber), color: healthCodeColorOf(person.idNumber) };
  }
}
