import { useParams } from 'react-router-dom';

/** Ids in links: letters, digits, _ and - (as the contract's `id()`). */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The route's ids by name, or null when one is missing or malformed (the screen then sends nothing). */
export function useIds<K extends string>(...names: K[]): Record<K, string> | null {
  const params = useParams();
  const out = {} as Record<K, string>;
  for (const name of names) {
    const value = params[name];
    if (!value || !ID.test(value)) return null;
    out[name] = value;
  }
  return out;
}

export const INDEX_PATH = '/medicalRecord/index';
export const CHOOSE_PATIENT_PATH = '/medicalRecord/choosePatient';
export const PURPOSE_PATH = '/medicalRecord/applyReson';
export const APPLY_DETAIL_PATH = '/medicalRecord/applyDetail';
export const ADDRESSES_PATH = '/placeList';
/** The address form for a new address (/placeDetail/:detailId with detailId `new`). */
export const NEW_ADDRESS_PATH = '/placeDetail/new';

export const stayListPath = (name: string, type: 'SELF' | 'AGENT', cardId: string) =>
  `/medicalRecord/recordList/${encodeURIComponent(name)}/${type}/${cardId}`;
export const detailPath = (orderId: string) => `/medicalRecord/recordDetail/${orderId}`;
/** `type`: paid (after paying) or received (after confirming receipt). */
export const successPath = (orderId: string, type: 'paid' | 'received') =>
  `/medicalRecord/applySuccess/${orderId}/${type}`;
export const trackingPath = (orderId: string) => `/traceDetail/${orderId}`;
export const addressPath = (addressId: string) => `/placeDetail/${addressId}`;
/** The address book as a chooser for the application (tapping an address picks it and goes back). */
export const CHOOSE_ADDRESS_PATH = `${ADDRESSES_PATH}?choose=1`;
