import { createHash } from 'node:crypto';
import type { HealthCode } from '@patient/contract';

/**
 * The health-code platform, simulated (the real one belongs to the provincial government). It is
 * deterministic so that everybody sees the same answers:
 *
 * - everybody's code is GREEN, except the resident ID numbers of {@link HEALTH_CODE_WATCHLIST}, which
 *   exist to show the YELLOW and RED screens (add a contact with one of them, certify it, apply);
 * - a person's code id is derived from the ID number, so the same person gets the same id in every
 *   account.
 */
export type HealthCodeColor = HealthCode['color'];

/** Demo people whose code is not green (valid resident ID numbers; any name). */
export const HEALTH_CODE_WATCHLIST: ReadonlyMap<string, Exclude<HealthCodeColor, 'GREEN'>> = new Map([
  ['330102199005061239', 'YELLOW'],
  ['331004199208172041', 'YELLOW'],
  ['410105198811223452', 'RED'],
  ['520603197503091617', 'RED'],
] as const);

/** The colour the platform gives a person (by 18-character resident ID number). */
export function healthCodeColorOf(documentNumber: string): HealthCodeColor {
  return HEALTH_CODE_WATCHLIST.get(documentNumber) ?? 'GREEN';
}

/** The platform's id of a person's code: `HC` and 18 digits. */
export function healthCodeIdOf(documentNumber: string): string {
  const hex = createHash('sha256').update(`health-code|${documentNumber}`).digest('hex');
  return `HC${(BigInt(`0x${hex.slice(0, 24)}`) % 10n ** 18n).toString().padStart(18, '0')}`;
}
