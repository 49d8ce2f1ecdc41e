import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServerClock } from './server-clock.ts';

const T = Date.parse('2026-03-10T08:00:00+08:00');

afterEach(() => vi.useRealTimers());

describe('ServerClock', () => {
  it('is the device clock until an answer says otherwise', () => {
    vi.useFakeTimers({ now: T, toFake: ['Date'] });
    const clock = new ServerClock();
    expect(clock.now()).toBe(T);
    clock.observe(undefined, T, T);
    clock.observe('', T, T);
    clock.observe('yesterday', T, T);
    expect(clock.offsetMs).toBe(0);
  });

  it('places the server’s stamp in the middle of the round trip', () => {
    vi.useFakeTimers({ now: T + 400, toFake: ['Date'] });
    const clock = new ServerClock();
    // Sent at T, answered at T+400, stamped at server time S: device time T+200 ↔ S.
    clock.observe(String(T + 5 * 60_000), T, T + 400);
    expect(clock.offsetMs).toBe(5 * 60_000 - 200);
    expect(clock.now()).toBe(T + 400 + 5 * 60_000 - 200);
  });

  it('prefers the reading with the shorter round trip, but never one older than a minute', () => {
    const clock = new ServerClock();
    clock.observe(T + 10_000, T, T + 100);
    expect(clock.offsetMs).toBe(10_000 - 50);
    clock.observe(T + 1_000 + 99_999, T + 1_000, T + 3_000); // slow answer: less precise, ignored
    expect(clock.offsetMs).toBe(10_000 - 50);
    clock.observe(T + 2_000 + 10_010, T + 2_000, T + 2_020); // faster: wins
    expect(clock.offsetMs).toBe(10_000);
    clock.observe(T + 70_000 - 3_600_000, T + 70_000, T + 71_000); // over a minute later: replaces
    expect(clock.offsetMs).toBe(-3_600_000 - 500);
  });

  it('reset goes back to the device clock', () => {
    const clock = new ServerClock();
    clock.observe(T, 0, 0);
    clock.reset();
    expect(clock.offsetMs).toBe(0);
  });
});
