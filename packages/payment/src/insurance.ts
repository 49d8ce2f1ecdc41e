import { api, detectChannel, serverNow } from '@patient/api-client';
import {
  exchangeAlipayPayAuthNo,
  exchangePayAuthNo,
  type InsuranceAuthorisation,
  insuranceAuthorization,
  type PayableOrderType,
} from '@patient/contract';
import { paymentSettings } from './settings.ts';

/**
 * Medical insurance mobile payment (医保移动支付), the client's part: the insurance platform's authorisation page
 * for the order's patient, the pay authorisation it leads to (kept for the tab, per order), and where each
 * kind of order comes back to (the `from` of /medicalInsurance/transit and /medicalInsurance/success/:from).
 */

/** A kind of order paid with insurance: its order type and its own page, where the insurance pages lead back. */
export interface InsuranceOrderKind {
  orderType: PayableOrderType;
  orderPath(orderId: string): string;
}

/** `from` in the insurance pages' addresses → the kind; filled by the paying features, which own their pages. */
const ORDER_KINDS = new Map<string, InsuranceOrderKind>();

/**
 * Declares that a feature's orders can be paid with insurance: the insurance pages' addresses name them by
 * `from`, and come back to `orderPath`. Called by the paying feature's module (its definition imports it, so the
 * kind is known as soon as the route table is).
 */
export function registerInsuranceOrderKind(from: string, kind: InsuranceOrderKind): void {
  ORDER_KINDS.set(from, kind);
}

/** The kind an insurance page's `from` names, or null. */
export const insuranceOrderKind = (from: string): InsuranceOrderKind | null => ORDER_KINDS.get(from) ?? null;

export function insuranceFromOf(orderType: PayableOrderType): string {
  for (const [from, kind] of ORDER_KINDS) if (kind.orderType === orderType) return from;
  throw new Error(`no insurance pages for ${orderType}`);
}

/** Where the authorisation page sends the patient back to. */
export const insuranceTransitPath = (orderType: PayableOrderType, orderId: string): string =>
  `/medicalInsurance/transit?from=${insuranceFromOf(orderType)}&orderId=${encodeURIComponent(orderId)}`;

/** The split and paying page of an insured order. */
export const insurancePayingPath = (orderType: PayableOrderType, orderId: string): string =>
  `/medicalInsurance/paying/${encodeURIComponent(orderId)}?from=${insuranceFromOf(orderType)}`;

/** The same origin, or the insurance platform over https: nothing else is opened. */
function safeUrl(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.href);
    if (parsed.origin === window.location.origin || parsed.protocol === 'https:') return parsed.href;
  } catch {
    // not a URL
  }
  return null;
}

/**
 * Opens the insurance platform's authorisation page for the order's patient (a full page load; it comes back
 * to /medicalInsurance/transit with an `authCode`). Rejects with the service's refusal (already shown by
 * api-client) or when the address is not one to open.
 */
export async function authoriseInsurance(input: {
  orderType: PayableOrderType;
  orderId: string;
  hospitalId: string;
  contactId: string;
}): Promise<void> {
  const { url } = await api.request(insuranceAuthorization, {
    query: {
      hospitalId: input.hospitalId,
      contactId: input.contactId,
      returnPath: insuranceTransitPath(input.orderType, input.orderId),
    },
  });
  const safe = safeUrl(url);
  if (!safe) throw new Error('医保授权页地址有误，请稍后重试');
  paymentSettings().redirect(safe);
}

const storageKey = (orderType: string, orderId: string) => `insurance.payAuth:${orderType}:${orderId}`;

/**
 * Exchanges the page's code for a pay authorisation (the payment app's mini-program has its own call) and
 * keeps it for the order in this tab.
 */
export async function exchangeAuthCode(
  orderType: PayableOrderType,
  orderId: string,
  authCode: string,
): Promise<InsuranceAuthorisation> {
  const inAlipay = detectChannel(navigator.userAgent) === 'ALIPAY_MINI_PROGRAM';
  const granted = await api.request(inAlipay ? exchangeAlipayPayAuthNo : exchangePayAuthNo, {
    body: { authCode },
  });
  try {
    sessionStorage.setItem(storageKey(orderType, orderId), JSON.stringify(granted));
  } catch {
    // storage full or off: the paying page asks to authorise again
  }
  return granted;
}

/** The order's pay authorisation kept in this tab, while it is good by the service's clock; null otherwise. */
export function payAuthorisationOf(orderType: string, orderId: string): InsuranceAuthorisation | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(storageKey(orderType, orderId)) ?? 'null');
    if (kept && typeof kept.payAuthNo === 'string' && Date.parse(kept.expiresAt) > serverNow()) return kept;
  } catch {
    // unreadable: as if there were none
  }
  return null;
}
