import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { id } from './primitives.ts';

/** 隐私与授权: the account's consent items at one hospital. */

export const consentItem = z.object({
  itemId: z.string(),
  title: z.string(),
  createdAt: z.string(),
});
export type ConsentItem = z.output<typeof consentItem>;

export const consentList = z.object({
  /** What the hospital's system says about them (one line). */
  note: z.string(),
  items: z.array(consentItem),
});
export type ConsentList = z.output<typeof consentList>;

export const listConsentItems = endpoint({
  id: 'listConsentItems',
  method: 'GET',
  path: '/v1/consent',
  summary: '隐私与授权（最新在前）',
  query: z.object({ hospitalId: id() }),
  results: consentList,
});
