import type { DbOrTx } from '../../platform/database/connect.ts';
import type { FeeItem, Split } from './split.ts';

/** The insurance centre refused (an unknown or used code, an expired authorisation…): the patient's words. */
export class InsuranceCentreError extends Error {
  constructor(
    readonly code: 'AUTH_CODE' | 'PAY_AUTH' | 'SETTLEMENT',
    message: string,
  ) {
    super(message);
  }
}

/** A pay authorisation: the insured person the credential belongs to, until `expiresAt`. */
export interface PayAuthorisation {
  payAuthNo: string;
  insured: { name: string; identityNumber: string };
  expiresAt: Date;
}

/**
 * The medical insurance platform (医保移动支付) as the service sees it: outside the product, behind this
 * interface. `db` is the caller's transaction (the simulated centre keeps its records in the same database;
 * a real one is reached over HTTP).
 */
export interface InsuranceCentre {
  readonly name: string;
  /**
   * The credential authorisation page for the patient: it returns to `returnUrl` with `authCode` added.
   * `insuredHint` names whose credential the page should offer (the simulated page needs it; the real one
   * knows the messaging app's user).
   */
  authorisationUrl(input: { hospitalId: string; returnUrl: string; insuredHint: string }): string;
  /** Exchanges the page's one-time code for a pay authorisation. */
  authorise(db: DbOrTx, authCode: string, now: Date): Promise<PayAuthorisation>;
  /** Splits the fee items of one visit for the authorised person (not yet charged). */
  preSettle(
    db: DbOrTx,
    input: { payAuthNo: string; hospitalId: string; items: readonly FeeItem[] },
    now: Date,
  ): Promise<Split & { settlementNo: string }>;
  /** The cash part was paid: the fund and the account are charged. */
  confirm(db: DbOrTx, settlementNo: string, now: Date): Promise<void>;
  /** Undoes a confirmed settlement (the order's money goes back). */
  reverse(db: DbOrTx, settlementNo: string, now: Date): Promise<void>;
}
