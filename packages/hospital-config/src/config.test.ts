import { describe, expect, it } from 'vitest';
import { defineHospitalConfig, organizationCodeOf } from './config.ts';
import { testHospitalConfig } from './testing.ts';

const base = testHospitalConfig();

describe('hospital config', () => {
  it('fills the documented defaults', () => {
    const config = defineHospitalConfig(base);
    expect(config.maxContacts).toBe(5);
    expect(config.organizationCodeFromMdid).toBe(false);
    expect(config.offlineRoutes).toEqual([]);
    expect(config.homepage.layout).toBe('classic');
    expect(config.preCheckin).toBe(false);
    expect(config.elderModeDefault).toBe(false);
  });

  it('keeps overrides, merging the homepage field by field', () => {
    const config = defineHospitalConfig({
      ...base,
      maxContacts: 8,
      preCheckin: true,
      homepage: { layout: 'compact' },
    });
    expect(config.maxContacts).toBe(8);
    expect(config.preCheckin).toBe(true);
    expect(config.homepage.layout).toBe('compact');
    expect(config.homepage.services.length).toBeGreaterThan(0);
  });

  it('takes the organisation code from mdid only for flagged hospitals', () => {
    const description = { originCode: 'ORIGIN', mdid: 'MDID' };
    expect(organizationCodeOf({ organizationCodeFromMdid: false }, description)).toBe('ORIGIN');
    expect(organizationCodeOf({ organizationCodeFromMdid: true }, description)).toBe('MDID');
  });
});
