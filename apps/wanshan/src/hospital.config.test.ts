import { checkHospitalConfig } from '@patient/app-shell/testing';
import { organizationCodeOf } from '@patient/hospital-config';
import { expect, it } from 'vitest';
import config from './hospital.config.ts';

it('is a complete, consistent hospital config', () => {
  expect(checkHospitalConfig(config, 'wanshan')).toEqual([]);
});

it('takes its organisation code from originCode', () => {
  expect(organizationCodeOf(config, { originCode: 'ORIGIN', mdid: 'MDID' })).toBe('ORIGIN');
});

it('offers no booking entry on its homepage (the service turns booking off: ONLINE_BOOKING)', () => {
  expect(config.homepage.services).not.toContain('appointment');
  expect(config.homepage.services).not.toContain('todayAppointment');
});
