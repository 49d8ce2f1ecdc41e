import { checkHospitalConfig } from '@patient/app-shell/testing';
import { organizationCodeOf } from '@patient/hospital-config';
import { expect, it } from 'vitest';
import config from './hospital.config.ts';

it('is a complete, consistent hospital config', () => {
  expect(checkHospitalConfig(config, 'luqiao')).toEqual([]);
});

it('takes its organisation code from originCode', () => {
  expect(organizationCodeOf(config, { originCode: 'ORIGIN', mdid: 'MDID' })).toBe('ORIGIN');
});

it('does not offer the foreigner permanent residence card', () => {
  // The contact form offers every type but these (feature-patients' documentTypesOf, tested there).
  expect(config.excludedDocumentTypes).toEqual(['FOREIGNER_NUMBER']);
});
