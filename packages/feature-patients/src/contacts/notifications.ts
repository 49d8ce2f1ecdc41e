import { ApiError, api, isCancelled } from '@patient/api-client';
import { appStore, updateAppState } from '@patient/app-state';
import { updateContactNotification } from '@patient/contract';
import { toast } from '@patient/ui-kit';

function setNotify(contactId: string, notify: boolean) {
  updateAppState((s) => {
    const contact = s.contacts.find((c) => c.contactId === contactId);
    if (contact) contact.contactDO.notify = notify;
  });
}

/**
 * Turns a contact's message notifications on or off. The switch moves at once (app state); when the call
 * fails it moves back and a toast says so. Resolves to whether the change was saved.
 */
export async function setContactNotification(contactId: string, notify: boolean): Promise<boolean> {
  const before = appStore.getState().contacts.find((c) => c.contactId === contactId)?.contactDO.notify;
  setNotify(contactId, notify);
  try {
    await api.request(updateContactNotification, { body: { contactId, notify } });
    return true;
  } catch (error) {
    setNotify(contactId, before ?? !notify);
    const leaving = error instanceof ApiError && error.kind === 'session';
    if (!isCancelled(error) && !leaving) {
      const reason = error instanceof ApiError ? error.message : '请稍后重试';
      void toast(`消息通知设置失败：${reason}`);
    }
    return false;
  }
}
