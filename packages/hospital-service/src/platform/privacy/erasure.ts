/**
 * Account deletion (注销账号) across domains: each domain's `erasePersonalData(tx, accountId, detached)` deletes
 * the account's rows it owns, or — rows the law requires to keep (payments, invoices, orders) — moves them to
 * the {@link Detached} account and contact and removes the names, phones and document numbers in them.
 */

/** The one shared account and contact (no personal data, cannot log in) that rows kept by law move to. */
export interface Detached {
  userId: number;
  contactId: number;
}

/** What replaces a name, phone or document number in a kept row. */
export const ERASED = '已注销';

/** Why an account cannot be deleted now: a domain's money in flight, named in Chinese. */
export interface DeletionBlocker {
  kind: 'UNPAID_ORDER' | 'REFUND_IN_PROGRESS' | 'PREPAID_BALANCE';
  message: string;
}
