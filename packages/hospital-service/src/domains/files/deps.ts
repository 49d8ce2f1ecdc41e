import type { FileStorage } from './storage.ts';

declare module '../../platform/module.ts' {
  interface Ports {
    /** Where uploaded photos are kept (main.ts: fileStorageFor, on disk; default: in memory, simulated). */
    fileStorage: FileStorage;
  }
}
