/** Delivery addresses: the account's address book (收货地址), one default. */

export { erasePersonalData } from './erasure.ts';
export { type AddressRow, addressRoutes, ownedAddress, toAddress } from './routes.ts';
export * from './tables.ts';
