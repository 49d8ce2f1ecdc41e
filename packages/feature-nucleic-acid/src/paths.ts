import { NUCLEIC_ACID_ROUTE_TYPES, type NucleicAcidType } from '@patient/contract';
import { useParams } from 'react-router-dom';

/** Ids in links: letters, digits, _ and - (as the contract's `id()`). */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

export const isId = (value: string | null | undefined): value is string => !!value && ID.test(value);

/** The route's order id, or null when it is missing or malformed (the screen then sends nothing). */
export function useOrderId(): string | null {
  const { orderId } = useParams();
  return isId(orderId) ? orderId : null;
}

export const INDEX_PATH = '/nucleicAcidIndex';
export const LIST_PATH = '/nucleicAcidList';
export const orderPath = (type: NucleicAcidType) => `/nucleicAcidOrder/${NUCLEIC_ACID_ROUTE_TYPES[type]}`;
export const successPath = (orderId: string) => `/nucleicAcidSuccess/${orderId}`;
export const detailPath = (orderId: string) => `/nucleicAcidDetail/${orderId}`;
