import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskFileStorage, fileStorageFor, MemoryFileStorage } from './storage.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const KEY = 'a'.repeat(32);

describe('file storage', () => {
  it('keeps bytes on disk under their key, never overwrites, and forgets deleted ones', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'uploads-'));
    dirs.push(dir);
    const storage = new DiskFileStorage(dir);
    await storage.put(KEY, Buffer.from('photo'));
    expect(await storage.get(KEY)).toEqual(Buffer.from('photo'));
    expect(await readdir(join(dir, 'aa'))).toEqual([KEY]);
    await expect(storage.put(KEY, Buffer.from('other'))).rejects.toThrow();
    await storage.delete(KEY);
    expect(await storage.get(KEY)).toBeNull();
  });

  it('refuses keys that are not its own names (no path can be built from client input)', async () => {
    const storage = new MemoryFileStorage();
    await expect(storage.get('../../etc/passwd')).rejects.toThrow('invalid storage key');
    await expect(new DiskFileStorage('/tmp').get('../x')).rejects.toThrow('invalid storage key');
  });

  it('is in memory for DATA_DIR=memory, under DATA_DIR on disk, or UPLOAD_DIR', () => {
    expect(fileStorageFor({ DATA_DIR: 'memory' }, '/root').kind).toBe('memory');
    expect((fileStorageFor({ DATA_DIR: '/data/h1' }, '/root') as DiskFileStorage).dir).toBe(
      '/data/h1/uploads',
    );
    expect((fileStorageFor({}, '/root') as DiskFileStorage).dir).toBe('/root/dev/uploads');
    expect((fileStorageFor({ DATABASE_URL: 'postgres://x' }, '/root') as DiskFileStorage).dir).toBe(
      '/root/uploads',
    );
    expect((fileStorageFor({ UPLOAD_DIR: '/u', DATA_DIR: 'memory' }, '/root') as DiskFileStorage).dir).toBe(
      '/u',
    );
  });
});
