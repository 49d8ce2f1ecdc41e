import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The QR code of an effective card: `PC1.<cardId>.<window>.<signature>`, the window being the 30-second period
 * it was made in and the signature an HMAC of both with the service's secret. A code is good in its window and
 * the next (30–60 s), so a screenshot soon stops working; the app asks for a new one every window.
 */
export const PASS_WINDOW_MS = 30_000;

const PATTERN = /^PC1\.(\d{1,10})\.(\d{1,13})\.([A-Za-z0-9_-]{22})$/;

function signature(secret: Buffer, cardId: number, window: number): string {
  return createHmac('sha256', secret)
    .update(`companion-pass|${cardId}|${window}`)
    .digest('base64url')
    .slice(0, 22);
}

/** The current code of a card, when it stops being accepted, and when to ask for the next one. */
export function issuePass(secret: Buffer, cardId: number, now: Date) {
  const window = Math.floor(now.getTime() / PASS_WINDOW_MS);
  return {
    token: `PC1.${cardId}.${window}.${signature(secret, cardId, window)}`,
    expiresAt: new Date((window + 2) * PASS_WINDOW_MS),
    refreshInSeconds: Math.max(1, Math.ceil(((window + 1) * PASS_WINDOW_MS - now.getTime()) / 1000)),
  };
}

/** Reads a scanned code: the card it names, or why it is not one (forged or malformed, or too old). */
export function readPass(
  secret: Buffer,
  token: string,
  now: Date,
): { ok: true; cardId: number } | { ok: false; reason: 'INVALID' | 'EXPIRED' } {
  const match = PATTERN.exec(token.trim());
  if (!match) return { ok: false, reason: 'INVALID' };
  const cardId = Number(match[1]);
  const window = Number(match[2]);
  const expected = Buffer.from(signature(secret, cardId, window));
  const given = Buffer.from(match[3]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: 'INVALID' };
  const current = Math.floor(now.getTime() / PASS_WINDOW_MS);
  if (window > current) return { ok: false, reason: 'INVALID' };
  if (window < current - 1) return { ok: false, reason: 'EXPIRED' };
  return { ok: true, cardId };
}
