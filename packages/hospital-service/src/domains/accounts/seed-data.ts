/** Seed content of the accounts domain: the demo accounts (fictional). */

/** The demo account: log in with this phone (the dev outbox shows the code). */
export const DEMO_PHONE = '13800138000';

/** A demo account that is banned, to see the 40300 dialog. */
export const BANNED_DEMO_PHONE = '13900139000';
