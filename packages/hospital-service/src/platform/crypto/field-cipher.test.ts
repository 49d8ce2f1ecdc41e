import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_CIPHER, FieldCipher, fieldCipherFromEnv } from './field-cipher.ts';

const key = (id: string, suite: 'A256GCM' | 'SM4CTR' = 'A256GCM') => ({ id, suite, master: randomBytes(32) });
const lookup = randomBytes(32);

describe('FieldCipher', () => {
  it.each(['A256GCM', 'SM4CTR'] as const)(
    '%s: round trip, a new IV every time, nothing of the value visible',
    (suite) => {
      const cipher = new FieldCipher([key('k1', suite)], lookup);
      const a = cipher.encrypt('张伟 330102199001010027');
      const b = cipher.encrypt('张伟 330102199001010027');
      expect(a).toMatch(new RegExp(`^enc:v1:k1:${suite}:[A-Za-z0-9_-]+$`));
      expect(a).not.toBe(b);
      expect(a).not.toContain('330102');
      expect(cipher.decrypt(a)).toBe('张伟 330102199001010027');
      expect(cipher.decrypt(cipher.encrypt(''))).toBe('');
    },
  );

  it('rotation: a new key encrypts, the old one still decrypts; a removed key cannot', () => {
    const old = key('2026a');
    const before = new FieldCipher([old], lookup).encrypt('13800138000');
    const rotated = new FieldCipher([key('2026b', 'SM4CTR'), old], lookup);
    expect(rotated.decrypt(before)).toBe('13800138000');
    expect(rotated.isCurrent(before)).toBe(false);
    expect(rotated.isCurrent(rotated.encrypt('x'))).toBe(true);
    expect(() => new FieldCipher([key('2026c')], lookup).decrypt(before)).toThrow(
      '没有编号为 2026a 的数据密钥',
    );
  });

  it('refuses a value that was tampered with', () => {
    for (const suite of ['A256GCM', 'SM4CTR'] as const) {
      const cipher = new FieldCipher([key('k1', suite)], lookup);
      const stored = cipher.encrypt('13800138000');
      const bytes = Buffer.from(stored.split(':')[4], 'base64url');
      bytes[bytes.length - 20] ^= 1;
      expect(() => cipher.decrypt(`enc:v1:k1:${suite}:${bytes.toString('base64url')}`)).toThrow();
    }
  });

  it('answers a value written before its column was encrypted as it is', () => {
    expect(DEVELOPMENT_CIPHER.decrypt('13800138000')).toBe('13800138000');
  });

  it('lookup hashes: the same for the same value and key, different with another key', () => {
    const a = new FieldCipher([key('k1')], lookup);
    const b = new FieldCipher([key('k2')], lookup);
    expect(a.lookupHash('13800138000')).toMatch(/^[0-9a-f]{64}$/);
    expect(a.lookupHash('13800138000')).toBe(b.lookupHash('13800138000'));
    expect(new FieldCipher([key('k1')], randomBytes(32)).lookupHash('13800138000')).not.toBe(
      a.lookupHash('13800138000'),
    );
  });

  it('reads the ring from the environment; production refuses to run without one', () => {
    const env = {
      DATA_ENCRYPTION_KEYS: `2026b:sm4:${randomBytes(32).toString('base64')},2026a:aes:${randomBytes(32).toString('base64')}`,
      DATA_LOOKUP_KEY: randomBytes(32).toString('base64'),
    };
    const cipher = fieldCipherFromEnv(env, true);
    expect(cipher.currentKeyId).toBe('2026b');
    expect(cipher.encrypt('x')).toMatch(/^enc:v1:2026b:SM4CTR:/);
    expect(() => fieldCipherFromEnv({}, true)).toThrow('生产环境必须配置个人信息加密密钥');
    expect(fieldCipherFromEnv({}, false)).toBe(DEVELOPMENT_CIPHER);
    expect(() => fieldCipherFromEnv({ ...env, DATA_ENCRYPTION_KEYS: 'k:des:AAAA' }, true)).toThrow(
      '应为 aes 或 sm4',
    );
    expect(() => fieldCipherFromEnv({ ...env, DATA_ENCRYPTION_KEYS: 'k:aes:AAAA' }, true)).toThrow(
      '应为 32 字节',
    );
  });
});
