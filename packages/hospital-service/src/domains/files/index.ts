/** Uploaded files: photos of documents, checked by content, kept in a file storage, readable by their owner only. */

export { erasePersonalData, eraseStoredFiles } from './erasure.ts';
export { fileRoutes, ownedFiles, registerFileDownload } from './routes.ts';
export { DiskFileStorage, type FileStorage, fileStorageFor, MemoryFileStorage } from './storage.ts';
export * from './tables.ts';
