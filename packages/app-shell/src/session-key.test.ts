import { afterEach, describe, expect, it } from 'vitest';
import { dropSessionKeyFromUrl, hospitalIdFrom, takeSessionKeyFromUrl } from './session-key.ts';

afterEach(() => {
  document.cookie = 'sessionKey=; Max-Age=0; Path=/';
  window.history.replaceState(null, '', '/');
});

describe('session key (001 §1)', () => {
  it('moves the key into a cookie and removes it from the address, keeping the rest', () => {
    window.history.replaceState(null, '', '/homepage?state=1001&sessionKey=abc123&x=1#top');
    expect(takeSessionKeyFromUrl()).toBe(true);
    expect(document.cookie).toContain('sessionKey=abc123');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/homepage?state=1001&x=1#top',
    );
  });

  it('does nothing without a key', () => {
    window.history.replaceState(null, '', '/homepage?state=1001');
    expect(takeSessionKeyFromUrl()).toBe(false);
    expect(window.location.search).toBe('?state=1001');
  });

  it('removes a malformed key from the address without storing it', () => {
    window.history.replaceState(null, '', '/?sessionKey=%3Cscript%3E');
    expect(takeSessionKeyFromUrl()).toBe(true);
    expect(document.cookie).not.toContain('sessionKey');
    expect(window.location.search).toBe('');
  });
});

describe('session key of a hospital not flagged needSessionKey', () => {
  it('removes the key from the address without keeping it', () => {
    window.history.replaceState(null, '', '/homepage?state=1001&sessionKey=abc123#top');
    expect(dropSessionKeyFromUrl()).toBe(true);
    expect(document.cookie).not.toContain('sessionKey');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/homepage?state=1001#top',
    );
    expect(dropSessionKeyFromUrl()).toBe(false);
  });
});

describe('hospital id', () => {
  it('comes from the state parameter, else from the config', () => {
    expect(hospitalIdFrom('?state=1007', '1000')).toBe('1007');
    expect(hospitalIdFrom('', '1000')).toBe('1000');
    expect(hospitalIdFrom('?state=', null)).toBeNull();
    expect(hospitalIdFrom('?state=a%20b', '1000')).toBe('1000');
  });
});
