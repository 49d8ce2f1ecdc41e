import { describe, expect, it } from 'vitest';
import {
  DEVICE_SETTING_PREFIX,
  readDeviceSetting,
  STORAGE_KEY,
  saveWhenHidden,
  takeSavedState,
  writeDeviceSetting,
} from './persistence.ts';
import { createAppStore } from './store.ts';

const hide = () => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
};

describe('saving the state when the page is hidden', () => {
  it('saves the whole state on hide, restores it on the next load and removes the saved copy', () => {
    const store = createAppStore();
    const stop = saveWhenHidden(store);
    store.getState().update((s) => {
      s.hospitalId = '1001';
      s.hospitalName = '郑州市第一人民医院';
      s.systemParam = { THEME_CONFIG: 'blue' };
      s.swiperIndex = 2;
    });
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
    hide();
    stop();
    expect(sessionStorage.getItem(STORAGE_KEY)).not.toBeNull();

    const restored = createAppStore(takeSavedState());
    expect(restored.getState()).toMatchObject({
      hospitalId: '1001',
      hospitalName: '郑州市第一人民医院',
      systemParam: { THEME_CONFIG: 'blue' },
      swiperIndex: 2,
    });
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(takeSavedState()).toBeUndefined();
  });

  it('also saves on pagehide', () => {
    const store = createAppStore({ hospitalId: '1007' });
    const stop = saveWhenHidden(store);
    window.dispatchEvent(new Event('pagehide'));
    stop();
    expect(takeSavedState()).toMatchObject({ hospitalId: '1007' });
  });

  it('ignores a corrupted saved copy and still removes it', () => {
    sessionStorage.setItem(STORAGE_KEY, '{not json');
    expect(takeSavedState()).toBeUndefined();
    expect(sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });
});

describe('settings kept on the device', () => {
  it('writes, reads and removes a setting in localStorage under the app prefix', () => {
    writeDeviceSetting('elder-mode', '1');
    expect(localStorage.getItem(`${DEVICE_SETTING_PREFIX}elder-mode`)).toBe('1');
    expect(readDeviceSetting('elder-mode')).toBe('1');
    writeDeviceSetting('elder-mode', null);
    expect(readDeviceSetting('elder-mode')).toBeNull();
  });

  it('reads null and writes nothing when storage throws (private mode, storage disabled)', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    expect(readDeviceSetting('elder-mode', broken)).toBeNull();
    expect(() => writeDeviceSetting('elder-mode', '1', broken)).not.toThrow();
  });
});

describe('store', () => {
  it('changes state with immer recipes without mutating earlier snapshots', () => {
    const store = createAppStore();
    const before = store.getState();
    store.getState().update((s) => {
      s.contacts.push({
        contactId: '1',
        createdAt: '2026-01-01',
        contactDO: {
          name: '张三',
          documentType: 'IDENTITY_CARD',
          documentNumber: '110101199003077777',
          phone: '13800138000',
          phoneVerified: true,
          sex: 'MALE',
          birthDate: '1990-03-07',
          relation: 'SELF',
          isDefault: true,
          certified: true,
          hisVerified: true,
          hisVerifiedAt: null,
          hisProof: null,
          notify: true,
          address: null,
          ethnicity: null,
          occupation: null,
        },
      });
    });
    expect(before.contacts).toHaveLength(0);
    expect(store.getState().contacts).toHaveLength(1);
  });

  it('resetUser forgets the user but keeps the hospital and elder mode', () => {
    const store = createAppStore({
      hospitalId: '1000',
      auth: { userId: 'u1', phone: '*******8000' },
      swiperIndex: 3,
      elderMode: true,
      startup: 'done',
    });
    store.getState().resetUser();
    expect(store.getState()).toMatchObject({
      hospitalId: '1000',
      auth: null,
      swiperIndex: 0,
      contacts: [],
      elderMode: true,
      startup: 'done',
      // Logged out: known to have no user.
      authStatus: 'known',
    });
  });
});
