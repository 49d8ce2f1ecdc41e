import { defineHospitalConfig } from '@patient/hospital-config';
import { testHospitalConfig } from '@patient/hospital-config/testing';
import { ID_DOCUMENT_TYPES } from '@patient/validation';
import { describe, expect, it } from 'vitest';
import { documentTypesOf } from './documentTypes.ts';

const base = testHospitalConfig();

describe('documentTypesOf', () => {
  it('offers every document type, in spec order, unless the hospital excludes some', () => {
    expect(documentTypesOf(base)).toEqual(ID_DOCUMENT_TYPES);
    expect(documentTypesOf(base).map((t) => t.key)).toContain('FOREIGNER_NUMBER');
    const luqiao = defineHospitalConfig({ ...base, excludedDocumentTypes: ['FOREIGNER_NUMBER'] });
    const keys = documentTypesOf(luqiao).map((t) => t.key);
    expect(keys).not.toContain('FOREIGNER_NUMBER');
    expect(keys).toHaveLength(10);
    expect(keys).toEqual(ID_DOCUMENT_TYPES.map((t) => t.key).filter((k) => k !== 'FOREIGNER_NUMBER'));
  });
});
