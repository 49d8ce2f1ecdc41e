/** Where the browser suite's servers listen (override the base with E2E_PORT_BASE). */
export const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 4100);

/** The nine hospital apps, in the order of their ports. */
export const HOSPITAL_KEYS = [
  'default',
  'zhengzhou',
  'songtao',
  'shiqian',
  'shulan',
  'wanshan',
  'zhongxiyi',
  'luqiao',
  'boao',
] as const;
export type HospitalKey = (typeof HOSPITAL_KEYS)[number];

export const SERVICE_PORT = PORT_BASE + 99;
export const SERVICE_URL = `http://127.0.0.1:${SERVICE_PORT}`;

export const appPort = (key: HospitalKey) => PORT_BASE + HOSPITAL_KEYS.indexOf(key);
export const appUrl = (key: HospitalKey) => `http://127.0.0.1:${appPort(key)}`;

/** Debian's Chromium: browser downloads are impossible here. */
export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
