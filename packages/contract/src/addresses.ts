import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { id } from './primitives.ts';

/**
 * Delivery addresses (001 §2 'Delivery address', §7 'Delivery address'): the account's address book for things
 * the hospital posts (a medical record copy), one of them the default, and the courier's tracking of a posted
 * order (`/v1/kuaidi/{id}`). The region is a county of the region enumerations (getProCountiesInfo) and, where
 * the county has them, one of its streets (getStreetsVillagesInfo); the service keeps the names of its province,
 * city and county, and the street's, with the address. Form rules and messages:
 * @patient/validation validateAddressForm (001 §5).
 */

export const expressAddress = z.object({
  addressId: z.string(),
  /** 收货人 */
  name: z.string(),
  phone: z.string(),
  /** The county's code (a leaf of the region enumerations) and the names of its province, city and county. */
  countyCode: z.string(),
  region: z.array(z.string()),
  /** 街道/乡镇 of the county (getStreetsVillagesInfo): its nine-digit code and name; '' when not chosen (a county without the list). */
  streetCode: z.string(),
  street: z.string(),
  /** 详细地址: street, building, room. */
  detail: z.string(),
  /** 邮政编码, '' when not given. */
  postalCode: z.string(),
  isDefault: z.boolean(),
});
export type ExpressAddress = z.output<typeof expressAddress>;

/** Most addresses one account keeps. */
export const MAX_ADDRESSES = 20;

/**
 * The form's fields as typed; the service checks them with @patient/validation's validateAddressForm (the 001 §5
 * messages) and that the county is one of the region enumerations.
 */
const addressFields = {
  name: z.string().check(z.maxLength(100)),
  phone: z.string().check(z.maxLength(20)),
  countyCode: z.string().check(z.maxLength(12)),
  /** One of the county's streets (getStreetsVillagesInfo); left out or '' for none. */
  streetCode: z.optional(z.string().check(z.maxLength(12))),
  detail: z.string().check(z.maxLength(400)),
  postalCode: z.optional(z.string().check(z.maxLength(12))),
  /** Make it the default (the first address is the default anyway). */
  isDefault: z.optional(z.boolean()),
};
export const addressInput = z.object(addressFields);
export type AddressInput = z.input<typeof addressInput>;

export const listAddresses = endpoint({
  id: 'listAddresses',
  method: 'GET',
  path: '/v1/express_address/addresses',
  summary: '我的收货地址（默认地址在前）',
  results: z.array(expressAddress),
});

export const addAddress = endpoint({
  id: 'addAddress',
  method: 'POST',
  path: '/v1/express_address/add_express_address',
  summary: '新增收货地址',
  body: addressInput,
  results: expressAddress,
});

export const updateAddress = endpoint({
  id: 'updateAddress',
  method: 'POST',
  path: '/v1/express_address/update',
  summary: '修改收货地址（含设为默认）',
  body: z.object({ addressId: id(), ...addressFields }),
  results: expressAddress,
});

export const removeAddress = endpoint({
  id: 'removeAddress',
  method: 'POST',
  path: '/v1/express_address/remove/:addressId',
  summary: '删除收货地址（删除默认地址时最近一条成为默认）',
  params: z.object({ addressId: id() }),
  results: z.object({ removed: z.boolean() }),
});

export const getAddress = endpoint({
  id: 'getAddress',
  method: 'GET',
  path: '/v1/express_address/:addressId',
  summary: '收货地址详情',
  params: z.object({ addressId: id() }),
  results: expressAddress,
});

/**
 * IN_TRANSIT: picked up and on its way (or not scanned yet); DELIVERING: out with the courier; SIGNED: delivered;
 * RETURNED: going (or gone) back to the hospital; PROBLEM: the courier reports a problem (refused, cannot deliver).
 */
export const trackingState = z.enum(['IN_TRANSIT', 'DELIVERING', 'SIGNED', 'RETURNED', 'PROBLEM']);
export type TrackingState = z.output<typeof trackingState>;

export const tracking = z.object({
  orderId: z.string(),
  company: z.string(),
  trackingNo: z.string(),
  /** null: the courier could not be asked just now (物流信息暂时无法获取; no events) — the rest is ours and stays. */
  state: z.nullable(trackingState),
  /** Where it goes (region and detail; the addressee masked when shown). */
  addressee: z.object({ name: z.string(), phone: z.string(), address: z.string() }),
  /** Newest first. */
  events: z.array(z.object({ time: z.string(), text: z.string() })),
});
export type Tracking = z.output<typeof tracking>;

/**
 * The courier's tracking of a posted order (a medical record copy); 404 until the hospital has posted it. A
 * courier that fails or times out does not fail the call: `state` null, no events.
 */
export const getTracking = endpoint({
  id: 'getTracking',
  method: 'GET',
  path: '/v1/kuaidi/:orderId',
  summary: '物流跟踪',
  params: z.object({ orderId: id() }),
  results: tracking,
});
