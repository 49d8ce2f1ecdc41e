import { afterEach, describe, expect, it, vi } from 'vitest';
import { alipayAuthCode } from './bridges.ts';

afterEach(() => {
  delete window.my;
  delete window.AlipayJSBridge;
});

describe('alipayAuthCode', () => {
  it("asks the mini-program page and restores the page's own message handler", async () => {
    const own = vi.fn();
    const my: NonNullable<Window['my']> = {
      postMessage: (message) => {
        my.onMessage?.({ action: 'other' });
        my.onMessage?.({ action: 'authCode', authCode: `CODE_FOR_${String(message.appId)}` });
      },
      onMessage: own,
    };
    window.my = my;
    await expect(alipayAuthCode('2021', 1000)).resolves.toBe('CODE_FOR_2021');
    expect(own).toHaveBeenCalledWith({ action: 'other' });
    expect(my.onMessage).toBe(own);
  });

  it('gives null when the mini-program page never answers or answers without a code', async () => {
    window.my = { postMessage: () => undefined, onMessage: null };
    await expect(alipayAuthCode('2021', 20)).resolves.toBeNull();
    const my: NonNullable<Window['my']> = {
      postMessage: () => my.onMessage?.({ action: 'authCode', authCode: '' }),
      onMessage: null,
    };
    window.my = my;
    await expect(alipayAuthCode('2021', 1000)).resolves.toBeNull();
  });

  it("reads AlipayJSBridge's authcode, and null without a bridge or when it is refused", async () => {
    const call = vi.fn((_api: string, _params: unknown, callback: (r: object) => void) =>
      callback({ authcode: 'BRIDGE_CODE' }),
    );
    window.AlipayJSBridge = { call } as unknown as NonNullable<Window['AlipayJSBridge']>;
    await expect(alipayAuthCode('2021', 1000)).resolves.toBe('BRIDGE_CODE');
    call.mockImplementation((_api, _params, callback) =>
      callback({ error: 11, errorMessage: '用户取消授权' }),
    );
    await expect(alipayAuthCode('2021', 1000)).resolves.toBeNull();
    delete window.AlipayJSBridge;
    await expect(alipayAuthCode('2021', 20)).resolves.toBeNull();
  });
});
