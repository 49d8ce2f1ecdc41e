import type { LegalDocumentKind } from '@patient/contract';

/** The feature's routes (the login screen links the two documents by these paths). */
export const PATHS = {
  POLICY: '/privacy/policy',
  AGREEMENT: '/privacy/agreement',
  CONSENTS: '/privacy/consents',
  ACCESS_LOG: '/privacy/access',
  DELETION: '/privacy/deletion',
  COPY: '/privacy/copy',
} as const;

export const documentPath = (kind: LegalDocumentKind): string => PATHS[kind];
