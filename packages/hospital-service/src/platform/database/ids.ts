/**
 * Our ids are positive int4 numbers; anything else cannot exist. Returning null lets the caller
 * answer exactly as for a missing row.
 */
export function parseId(value: string): number | null {
  if (!/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}
