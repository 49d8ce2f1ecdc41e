import { describe, expect, it } from 'vitest';
import { defineHospitalConfig, documentTypesOf, organizationCodeOf } from './config.ts';
import { testHospitalConfig } from './testing.ts';

const base = testHospitalConfig();

describe('hospital config', () => {
  it('fills the documented defaults', () => {
    const config = defineHospitalConfig(base);
    expect(config.maxContacts).toBe(5);
    expect(config.organizationCodeFromMdid).toBe(false);
    expect(config.offlineRoutes).toEqual([]);
    expect(config.homepage.layout).toBe('classic');
  });

  it('keeps overrides, merging the homepage field by field', () => {
    const config = defineHospitalConfig({ ...base, maxContacts: 8, homepage: { layout: 'compact' } });
    expect(config.maxContacts).toBe(8);
    expect(config.homepage.layout).toBe('compact');
    expect(config.homepage.services.length).toBeGreaterThan(0);
  });

  it('offers every document type unless the hospital excludes some', () => {
    expect(documentTypesOf(defineHospitalConfig(base)).map((t) => t.key)).toContain('FOREIGNER_NUMBER');
    const luqiao = defineHospitalConfig({ ...base, excludedDocumentTypes: ['FOREIGNER_NUMBER'] });
    const keys = documentTypesOf(luqiao).map((t) => t.key);
    expect(keys).not.toContain('FOREIGNER_NUMBER');
    expect(keys).toHaveLength(10);
  });

  it('takes the organisation code from mdid only for flagged hospitals', () => {
    const description = { originCode: 'ORIGIN', mdid: 'MDID' };
    expect(organizationCodeOf({ organizationCodeFromMdid: false }, description)).toBe('ORIGIN');
    expect(organizationCodeOf({ organizationCodeFromMdid: true }, description)).toBe('MDID');
  });
});
