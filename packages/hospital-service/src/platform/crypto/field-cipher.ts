import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * Personal identifiers encrypted at rest, field by field (issue 28; 等保 2.0 and 密评 ask for it). A value is
 * stored as `enc:v1:<keyId>:<suite>:<base64url(iv | ciphertext | tag)>`:
 * - `A256GCM`: AES-256-GCM, 12-byte IV, 16-byte tag (the default);
 * - `SM4CTR`: SM4-CTR with an HMAC-SM3 tag over the key id, IV and ciphertext (encrypt-then-MAC), for a
 *   hospital whose 商用密码应用安全性评估 asks for the national algorithms (GB/T 32907, GB/T 32905).
 * Each key's encryption and MAC keys are derived from its 32-byte master with HKDF-SHA256. The key id in every
 * value lets several keys decrypt while only the first encrypts: rotation adds a key in front, and the
 * `privacy-reencrypt` job rewrites the rows under it before the old key is removed.
 *
 * Lookups (find a row by a phone number) use {@link FieldCipher.lookupHash}: an HMAC with a key of its own, over
 * the normalised value, never the value.
 */
export type CipherSuite = 'A256GCM' | 'SM4CTR';

export interface DataKey {
  /** Letters and digits, up to 16 (e.g. 2026a). */
  id: string;
  suite: CipherSuite;
  /** 32 random bytes. */
  master: Buffer;
}

const PREFIX = 'enc:v1:';
const KEY_ID = /^[A-Za-z0-9]{1,16}$/;

interface DerivedKey extends DataKey {
  encryption: Buffer;
  mac: Buffer;
}

function derive(key: DataKey): DerivedKey {
  if (!KEY_ID.test(key.id)) throw new Error(`数据密钥编号不合规：${key.id}`);
  if (key.master.length !== 32) throw new Error(`数据密钥 ${key.id} 应为 32 字节`);
  const info = (what: string) => Buffer.from(`hospital-service field ${key.suite} ${what}`);
  const bytes = (what: string, length: number) =>
    Buffer.from(hkdfSync('sha256', key.master, Buffer.alloc(0), info(what), length));
  return {
    ...key,
    encryption: bytes('encryption', key.suite === 'A256GCM' ? 32 : 16),
    mac: bytes('mac', 32),
  };
}

/** Encrypts and decrypts field values with a key ring; computes lookup hashes. */
export class FieldCipher {
  readonly #keys: Map<string, DerivedKey>;
  readonly #current: DerivedKey;
  readonly #lookup: Buffer;
  readonly #ring: readonly DataKey[];

  /** `keys[0]` encrypts; every key decrypts. `lookupKey`: 32 bytes of its own. */
  constructor(keys: readonly DataKey[], lookupKey: Buffer) {
    if (keys.length === 0) throw new Error('至少需要一把数据密钥');
    if (lookupKey.length !== 32) throw new Error('查找密钥应为 32 字节');
    const derived = keys.map(derive);
    this.#keys = new Map(derived.map((k) => [k.id, k]));
    if (this.#keys.size !== derived.length) throw new Error('数据密钥编号重复');
    this.#current = derived[0];
    this.#lookup = lookupKey;
    this.#ring = keys;
  }

  /** The ring with `key` in front (it encrypts from now on; the others still decrypt): a rotation's first step. */
  withCurrentKey(key: DataKey): FieldCipher {
    return new FieldCipher([key, ...this.#ring], this.#lookup);
  }

  /** The id of the key that encrypts. */
  get currentKeyId(): string {
    return this.#current.id;
  }

  encrypt(plain: string): string {
    const key = this.#current;
    const data = Buffer.from(plain, 'utf8');
    if (key.suite === 'A256GCM') {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key.encryption, iv);
      cipher.setAAD(Buffer.from(key.id));
      const body = Buffer.concat([cipher.update(data), cipher.final()]);
      return `${PREFIX}${key.id}:A256GCM:${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
    }
    const iv = randomBytes(16);
    const cipher = createCipheriv('sm4-ctr', key.encryption, iv);
    const body = Buffer.concat([cipher.update(data), cipher.final()]);
    const tag = sm3Tag(key, iv, body);
    return `${PREFIX}${key.id}:SM4CTR:${Buffer.concat([iv, body, tag]).toString('base64url')}`;
  }

  /**
   * The plain value. A value without the prefix is a row written before its column was encrypted: answered as
   * it is (the re-encryption job rewrites it). Throws when the key is unknown or the value was tampered with.
   */
  decrypt(stored: string): string {
    if (!stored.startsWith(PREFIX)) return stored;
    const [keyId, suite, payload] = stored.slice(PREFIX.length).split(':');
    const key = this.#keys.get(keyId);
    if (!key) throw new Error(`没有编号为 ${keyId} 的数据密钥，无法解密`);
    if (suite !== key.suite) throw new Error(`数据密钥 ${keyId} 的算法不是 ${suite}`);
    const bytes = Buffer.from(payload ?? '', 'base64url');
    if (suite === 'A256GCM') {
      if (bytes.length < 28) throw new Error('密文不完整');
      const decipher = createDecipheriv('aes-256-gcm', key.encryption, bytes.subarray(0, 12));
      decipher.setAAD(Buffer.from(key.id));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([
        decipher.update(bytes.subarray(12, bytes.length - 16)),
        decipher.final(),
      ]).toString('utf8');
    }
    if (bytes.length < 48) throw new Error('密文不完整');
    const iv = bytes.subarray(0, 16);
    const body = bytes.subarray(16, bytes.length - 32);
    if (!timingSafeEqual(sm3Tag(key, iv, body), bytes.subarray(bytes.length - 32))) {
      throw new Error('密文校验失败');
    }
    const decipher = createDecipheriv('sm4-ctr', key.encryption, iv);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  }

  /** Whether a stored value is encrypted under the current key (the re-encryption job skips it). */
  isCurrent(stored: string): boolean {
    return stored.startsWith(`${PREFIX}${this.#current.id}:`);
  }

  /** A keyed hash of a normalised value, for equality lookups and unique indexes (64 hex digits). */
  lookupHash(value: string): string {
    return createHmac('sha256', this.#lookup).update(value.normalize('NFC')).digest('hex');
  }
}

function sm3Tag(key: DerivedKey, iv: Buffer, body: Buffer): Buffer {
  return createHmac('sm3', key.mac).update(key.id).update(iv).update(body).digest();
}

/**
 * The key ring from the environment: `DATA_ENCRYPTION_KEYS` = `id:suite:base64,…` (suite `aes` or `sm4`; the
 * first encrypts) and `DATA_LOOKUP_KEY` = base64 of 32 bytes. Without them: in production, an error; otherwise the
 * development ring — a key derived from a constant, NOT secret, so that a developer's and a test's data can be
 * read anywhere.
 */
export function fieldCipherFromEnv(env: NodeJS.ProcessEnv, production: boolean): FieldCipher {
  const keys = env.DATA_ENCRYPTION_KEYS?.trim();
  const lookup = env.DATA_LOOKUP_KEY?.trim();
  if (!keys || !lookup) {
    if (production) {
      throw new Error(
        '生产环境必须配置个人信息加密密钥：DATA_ENCRYPTION_KEYS（id:aes|sm4:base64，逗号分隔，第一把用于加密）和 DATA_LOOKUP_KEY（base64，32 字节）',
      );
    }
    return DEVELOPMENT_CIPHER;
  }
  const ring = keys.split(',').map((entry): DataKey => {
    const [id, suite, base64] = entry.trim().split(':');
    if (suite !== 'aes' && suite !== 'sm4') throw new Error(`数据密钥 ${id} 的算法应为 aes 或 sm4`);
    return { id, suite: suite === 'aes' ? 'A256GCM' : 'SM4CTR', master: Buffer.from(base64 ?? '', 'base64') };
  });
  return new FieldCipher(ring, Buffer.from(lookup, 'base64'));
}

const developmentBytes = (what: string) =>
  Buffer.from(
    hkdfSync('sha256', Buffer.from('hospital-service development data key'), Buffer.alloc(0), what, 32),
  );

/** The development and test ring (never in production): id `dev`, AES-256-GCM. */
export const DEVELOPMENT_CIPHER = new FieldCipher(
  [{ id: 'dev', suite: 'A256GCM', master: developmentBytes('encryption') }],
  developmentBytes('lookup'),
);

let active: FieldCipher = DEVELOPMENT_CIPHER;

/** Sets the process's cipher (main.ts, before the first query; tests of rotation). */
export function useFieldCipher(cipher: FieldCipher): void {
  active = cipher;
}

/** The process's cipher (the encrypted columns use it). */
export const fieldCipher = (): FieldCipher => active;
