import chromium from '../../scripts/lib/chromium.json' with { type: 'json' };
import { hospitalKeys } from '../../scripts/lib/hospital-apps.mjs';

/** Where the browser suite's servers listen (override the base with E2E_PORT_BASE). */
export const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 4100);

/** Every hospital app of the workspace, in the order of their ports (see scripts/lib/hospital-apps.mjs). */
export const HOSPITAL_KEYS = hospitalKeys();
export type HospitalKey = string;

export const SERVICE_PORT = PORT_BASE + 99;
export const SERVICE_URL = `http://127.0.0.1:${SERVICE_PORT}`;

export const appPort = (key: HospitalKey) => PORT_BASE + HOSPITAL_KEYS.indexOf(key);
export const appUrl = (key: HospitalKey) => `http://127.0.0.1:${appPort(key)}`;

/** Debian's Chromium (browser downloads are impossible here) and the flags that work on this machine. */
export const CHROMIUM = process.env.CHROME_PATH ?? chromium.executablePath;
export const CHROMIUM_ARGS = chromium.args;

/**
 * The suite's service clock starts at 08:30 China time of the day the suite runs (CLOCK_START), so same-day
 * booking is open whatever hour CI runs at; the apps follow the service's clock, not the browser's.
 */
export const CLOCK_START = `${new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10)}T08:30:00+08:00`;

/** Slots are held for one minute in the suite (HOLD_MINUTES), so an unpaid order really expires in a test. */
export const HOLD_MINUTES = 1;
