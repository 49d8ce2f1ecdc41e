import { checkHospitalConfig } from '@patient/app-shell/testing';
import { organizationCodeOf } from '@patient/hospital-config';
import { expect, it } from 'vitest';
import config from './hospital.config.ts';

it('is a complete, consistent hospital config', () => {
  expect(checkHospitalConfig(config, 'boao')).toEqual([]);
});

it('takes its organisation code from mdid', () => {
  expect(organizationCodeOf(config, { originCode: 'ORIGIN', mdid: 'MDID' })).toBe('MDID');
});
