import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { id } from './primitives.ts';

/**
 * Medical insurance mobile payment (医保移动支付, 001 §7 'Insurance and payment'). The patient authorises the
 * insured person's electronic insurance credential (医保电子凭证) on the insurance platform's own page; the page
 * sends the patient back with a one-time `authCode`, which the service exchanges for a pay authorisation
 * number (payAuthNo). With it, selfOrMedicalPreSettle splits the order's fee into the insurance fund's part,
 * the personal account's part and the cash part; only the cash part is paid through a payment provider.
 */

/** A pay authorisation number as the insurance platform issues it. */
export const payAuthNo = () => z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/));

/** Same-origin path with its query (the authorisation page returns to it with `authCode` added). */
const returnPath = () => z.string().check(z.regex(/^\/[A-Za-z0-9/_\-?=&%.]*$/), z.maxLength(300));

export const insuranceAuthorization = endpoint({
  id: 'insuranceAuthorization',
  method: 'GET',
  path: '/v1/insurance/authorization',
  summary: '医保电子凭证授权页地址（授权后带 authCode 返回 returnPath）',
  query: z.object({ hospitalId: id(), contactId: id(), returnPath: returnPath() }),
  results: z.object({ url: z.string() }),
});

const authorised = z.object({
  payAuthNo: z.string(),
  /** The contact the credential belongs to (matched by the identity document). */
  contactId: z.string(),
  /** Masked: '张*三'. */
  insuredName: z.string(),
  /** ISO time after which the number must be asked for again. */
  expiresAt: z.string(),
});
export type InsuranceAuthorisation = z.output<typeof authorised>;

const authCode = z.object({ authCode: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,128}$/)) });

/** In the messaging app (and in any browser through its authorisation page). */
export const exchangePayAuthNo = endpoint({
  id: 'exchangePayAuthNo',
  method: 'POST',
  path: '/v1/auth/payAuthNo',
  summary: '以医保授权码换取支付授权号（payAuthNo）',
  body: authCode,
  results: authorised,
});

/** In the payment app's mini-program (its my.getAuthCode with the insurance scope gives the code). */
export const exchangeAlipayPayAuthNo = endpoint({
  id: 'exchangeAlipayPayAuthNo',
  method: 'POST',
  path: '/v1/ali/mini/auth/payAuthNo',
  summary: '支付宝小程序以医保授权码换取支付授权号（payAuthNo）',
  body: authCode,
  results: authorised,
});
