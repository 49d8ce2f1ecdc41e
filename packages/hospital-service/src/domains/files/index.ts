/** Uploaded files: photos of documents, checked by content, kept in a file storage, readable by their owner only. */

export { erasePersonalData, eraseStoredFiles } from './erasure.ts';
export { attachFiles, fileRoutes, ownedFiles, registerFileDownload } from './routes.ts';
export { DiskFileStorage, type FileStorage, fileStorageFor, MemoryFileStorage } from './storage.ts';
export * from './tables.ts';

import { defineDomain } from '../../platform/module.ts';
import './deps.ts';
import { fileRoutes, registerFileDownload, sweepAbandonedUploads } from './routes.ts';
import { MemoryFileStorage } from './storage.ts';
import * as tables from './tables.ts';

/** Uploaded photos in the file storage (no seed). */
export const filesModule = defineDomain({
  name: 'files',
  tables,
  ports: { fileStorage: () => new MemoryFileStorage() },
  routes: ({ ports }) => fileRoutes(ports.fileStorage),
  http: (app, { deps, ports }) => registerFileDownload(app, deps, ports.fileStorage),
  jobs: ({ deps, ports }) => [
    {
      name: 'files-sweep-abandoned',
      cron: '17 * * * *',
      run: () => sweepAbandonedUploads(deps.db, ports.fileStorage, deps.clock.now()),
    },
  ],
});
