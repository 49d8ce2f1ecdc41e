import { ApiError, api } from '@patient/api-client';
import { updateAppState } from '@patient/app-state';
import { type Contact, type HealthCard, registerAndBindHealthCard } from '@patient/contract';
import { toast, withLoading } from '@patient/ui-kit';

/** Keeps the card as the selected contact's health card in app state (`healthCard`). */
export function selectHealthCard(card: HealthCard): void {
  updateAppState((s) => {
    s.healthCard = { contactId: card.contactId, healthCardId: card.healthCardId, cardNo: card.cardNo };
  });
}

/**
 * Registers an electronic health card for the contact at the hospital and binds it (the service plays the
 * health-card platform), keeps it as the selected card and says so. wechatCode is left out: it comes from the
 * messaging app's JS bridge, which this app does not use. Rejects like api.request (the error already shown).
 */
export async function applyForHealthCard(contactId: string, hospitalId: string): Promise<HealthCard> {
  const card = await withLoading(
    () => api.request(registerAndBindHealthCard, { body: { hospitalId, contactId } }),
    '正在申领...',
  );
  selectHealthCard(card);
  void toast('电子健康卡申领成功');
  return card;
}

/**
 * Whether a failed registration means "complete the contact's details first": a business error whose
 * message asks to complete (完善) the information, e.g. `state 400, msg '请完善就诊人信息'`.
 */
export function isMissingDetailsError(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.kind !== 'state') return false;
  return /完善/.test(`${error.msg ?? ''}${error.subMsg ?? ''}`);
}

/** Why a contact cannot apply for an electronic health card, or null. */
export function healthCardUnavailable(contact: Contact, cards: readonly HealthCard[]): string | null {
  if (cards.some((c) => c.contactId === contact.contactId)) return '已申领电子健康卡';
  if (contact.contactDO.documentType !== 'IDENTITY_CARD') return '电子健康卡仅支持居民身份证办理';
  return null;
}

/** A card number as listed: the first and last four characters. */
export function maskCardNo(cardNo: string): string {
  return cardNo.length <= 8 ? cardNo : `${cardNo.slice(0, 4)} **** ${cardNo.slice(-4)}`;
}
