import { insuranceOrderKind } from '@patient/payment';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The order an insurance page's address is about, or null for a link that names none properly. */
export function orderOfAddress(from: string | null | undefined, orderId: string | null | undefined) {
  const kind = from ? insuranceOrderKind(from) : null;
  if (!kind || !orderId || !ID.test(orderId)) return null;
  return { from: from as string, orderId, orderType: kind.orderType, orderPath: kind.orderPath(orderId) };
}

export type AddressedOrder = NonNullable<ReturnType<typeof orderOfAddress>>;

export const payingPath = (order: AddressedOrder) =>
  `/medicalInsurance/paying/${order.orderId}?from=${order.from}`;

export const successPath = (order: AddressedOrder) =>
  `/medicalInsurance/success/${order.from}?orderId=${order.orderId}`;
