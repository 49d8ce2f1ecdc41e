import { api } from '@patient/api-client';
import { type MedicalCard, removeMedicalCard, setDefaultMedicalCard } from '@patient/contract';
import { confirm, toast, withLoading } from '@patient/ui-kit';
import { cardTypeLabel } from './cardTypes.ts';

/** Makes `card` its contact's default card; true when done (a failure was already shown by api-client). */
export async function makeDefaultCard(
  card: Pick<MedicalCard, 'contactId' | 'medicalCardNo'>,
): Promise<boolean> {
  try {
    await withLoading(() =>
      api.request(setDefaultMedicalCard, {
        query: { contactId: card.contactId, medicalCardNo: card.medicalCardNo },
      }),
    );
    void toast('已设为默认卡');
    return true;
  } catch {
    return false;
  }
}

/** Unbinds `card` after a confirm dialog; true when it was removed. Cancelling sends nothing. */
export async function removeCard(
  card: Pick<MedicalCard, 'cardId' | 'medicalCardNo' | 'type'>,
): Promise<boolean> {
  const sure = await confirm({
    title: '解绑就诊卡',
    message: `确定解绑${cardTypeLabel(card.type)} ${card.medicalCardNo} 吗？解绑后可重新绑定。`,
    confirmText: '解绑',
    danger: true,
  });
  if (!sure) return false;
  try {
    await withLoading(() => api.request(removeMedicalCard, { params: { cardId: card.cardId } }), '解绑中...');
    void toast('已解绑');
    return true;
  } catch {
    return false;
  }
}
