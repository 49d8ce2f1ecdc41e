import { api } from '@patient/api-client';
import { appStore } from '@patient/app-state';
import { listMedicalCards, type MedicalCard } from '@patient/contract';
import { reloadContacts } from '@patient/feature-kit';
import { isMedicalCardType } from './cardTypes.ts';

/**
 * The card a screen was opened with through navigation state ({ card }), when it is well-formed and is the
 * card of the route. It only paints the screen early: the card is always confirmed by findCard.
 */
export function cardFromState(state: unknown, cardId: string): MedicalCard | null {
  const card = (state as { card?: Partial<MedicalCard> } | null)?.card;
  if (!card || card.cardId !== cardId) return null;
  const strings = [
    'contactId',
    'medicalCardNo',
    'hospitalId',
    'identityCard',
    'patientName',
    'type',
  ] as const;
  if (!strings.every((k) => typeof card[k] === 'string') || typeof card.isDefault !== 'boolean') return null;
  return isMedicalCardType(card.type as string) ? (card as MedicalCard) : null;
}

const cardsOf = (contactId: string, signal?: AbortSignal) =>
  api.request(listMedicalCards, { params: { contactId }, query: {} }, { signal });

/**
 * Finds one of the account's cards (the contract has no single-card call): with a hint, among its contact's
 * cards (one request); otherwise among the cards of every contact. null when the account has no such card.
 */
export async function findCard(
  cardId: string,
  hint: Pick<MedicalCard, 'contactId'> | null,
  signal?: AbortSignal,
): Promise<MedicalCard | null> {
  if (hint) {
    const found = (await cardsOf(hint.contactId, signal)).find((c) => c.cardId === cardId);
    if (found) return found;
  }
  const state = appStore.getState();
  const contacts = state.contactsLoaded ? state.contacts : await reloadContacts();
  const lists = await Promise.all(
    contacts.filter((c) => c.contactId !== hint?.contactId).map((c) => cardsOf(c.contactId, signal)),
  );
  return lists.flat().find((c) => c.cardId === cardId) ?? null;
}
