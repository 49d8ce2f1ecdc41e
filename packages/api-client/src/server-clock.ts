import { SERVER_TIME_HEADER } from '@patient/contract';

/**
 * The service's clock as this device sees it: the device clock corrected by the offset that responses
 * report in {@link SERVER_TIME_HEADER}. Phones are often minutes or hours off; hold countdowns and "today"
 * must follow the service, which expires holds and closes same-day booking on its own clock.
 */
export class ServerClock {
  #offsetMs = 0;
  #bestRoundTripMs = Number.POSITIVE_INFINITY;
  #observedAt = Number.NEGATIVE_INFINITY;

  /** The service's current time, in ms since the epoch. */
  now(): number {
    return Date.now() + this.#offsetMs;
  }

  /** How far the service's clock is ahead of this device's (negative: behind), in ms. */
  get offsetMs(): number {
    return this.#offsetMs;
  }

  /**
   * Takes one response's server time into account. The server stamped it somewhere between `sentAt` and
   * `receivedAt` (device ms); the midpoint is the estimate. A reading with a shorter round trip is more
   * precise and wins, but any reading replaces one older than a minute (the device clock may have been set).
   */
  observe(serverTime: unknown, sentAt: number, receivedAt: number): void {
    const server = Number(serverTime);
    if (serverTime === undefined || serverTime === null || serverTime === '' || !Number.isFinite(server))
      return;
    const roundTrip = Math.max(0, receivedAt - sentAt);
    const stale = receivedAt - this.#observedAt > 60_000;
    if (!stale && roundTrip > this.#bestRoundTripMs) return;
    this.#offsetMs = Math.round(server - (sentAt + roundTrip / 2));
    this.#bestRoundTripMs = roundTrip;
    this.#observedAt = receivedAt;
  }

  /** Back to the device clock (tests). */
  reset(): void {
    this.#offsetMs = 0;
    this.#bestRoundTripMs = Number.POSITIVE_INFINITY;
    this.#observedAt = Number.NEGATIVE_INFINITY;
  }
}

/** The app-wide server clock, fed by every client's responses. */
export const serverClock = new ServerClock();

/** The service's current time in ms since the epoch (the device clock until a response has said otherwise). */
export const serverNow = (): number => serverClock.now();
