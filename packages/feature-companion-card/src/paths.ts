import { useParams } from 'react-router-dom';

export const LIST_PATH = '/patientCareCard/list';
export const APPLICATIONS_PATH = '/patientCareCard/order';
export const APPLY_PATH = '/patientCareCard/apply';
export const EFFECTIVE_PATH = '/patientCareCard/effective';
export const detailPath = (cardId: string) => `/patientCareCard/detail/${cardId}`;
export const successPath = (cardId: string) => `/patientCareCard/success/${cardId}`;
/** The QR code of one card (several may be effective). */
export const effectivePath = (cardId: string) => `${EFFECTIVE_PATH}?cardId=${encodeURIComponent(cardId)}`;

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The route's `id`, or null when missing or malformed (the screen then sends nothing). */
export function useCardId(): string | null {
  const { id } = useParams();
  return id && ID.test(id) ? id : null;
}

export const isId = (value: string | null): value is string => value !== null && ID.test(value);
