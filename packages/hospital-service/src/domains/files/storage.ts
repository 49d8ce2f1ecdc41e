import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where uploaded files' bytes live (the rows in `uploaded_files` say whose they are). Keys are the service's own
 * random names, never anything a client sent.
 */
export interface FileStorage {
  readonly kind: 'disk' | 'memory';
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when there are none under the key. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const KEY = /^[a-f0-9]{32}$/;

function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid storage key: ${key}`);
  return key;
}

/** Files in a directory of the local disk (created on first use), two levels of fan-out by key. */
export class DiskFileStorage implements FileStorage {
  readonly kind = 'disk';
  constructor(readonly dir: string) {}

  private pathOf(key: string): { folder: string; file: string } {
    const folder = join(this.dir, checkedKey(key).slice(0, 2));
    return { folder, file: join(folder, key) };
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const { folder, file } = this.pathOf(key);
    await mkdir(folder, { recursive: true });
    await writeFile(file, bytes, { flag: 'wx', mode: 0o600 });
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key).file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key).file, { force: true });
  }
}

/** Files in memory (tests, DATA_DIR=memory): gone with the process. */
export class MemoryFileStorage implements FileStorage {
  readonly kind = 'memory';
  /** Gone with the process: a stand-in, not a storage for patients' files. */
  readonly simulated = true;
  readonly #files = new Map<string, Buffer>();

  async put(key: string, bytes: Buffer): Promise<void> {
    this.#files.set(checkedKey(key), Buffer.from(bytes));
  }

  async get(key: string): Promise<Buffer | null> {
    return this.#files.get(checkedKey(key)) ?? null;
  }

  async delete(key: string): Promise<void> {
    this.#files.delete(checkedKey(key));
  }

  /** How many files it holds (tests). */
  get size(): number {
    return this.#files.size;
  }
}

/**
 * The storage of a deployment: UPLOAD_DIR when set; else in memory for DATA_DIR=memory, on disk under DATA_DIR
 * (`uploads/`), or under the default data root's (`dataRoot`) dev database or beside a PostgreSQL one.
 */
export function fileStorageFor(env: NodeJS.ProcessEnv, dataRoot: string): FileStorage {
  if (env.UPLOAD_DIR) return new DiskFileStorage(env.UPLOAD_DIR);
  if (env.DATA_DIR === 'memory' || env.DATA_DIR === 'memory://') return new MemoryFileStorage();
  if (env.DATA_DIR) return new DiskFileStorage(join(env.DATA_DIR, 'uploads'));
  if (env.DATABASE_URL) return new DiskFileStorage(join(dataRoot, 'uploads'));
  return new DiskFileStorage(join(dataRoot, 'dev', 'uploads'));
}
