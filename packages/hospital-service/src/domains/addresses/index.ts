/** Delivery addresses: the account's address book (收货地址), one default. */

export { erasePersonalData } from './erasure.ts';
export { type AddressRow, addressRoutes, ownedAddress, toAddress } from './routes.ts';
export * from './tables.ts';

import { defineDomain } from '../../platform/module.ts';
import { addressRoutes } from './routes.ts';
import * as tables from './tables.ts';

/** Delivery addresses (no seed). */
export const addressesModule = defineDomain({ name: 'addresses', tables, routes: () => addressRoutes });
