import { checkHospitalConfig } from '@patient/app-shell/testing';
import { BOOKING_ROUTES, organizationCodeOf } from '@patient/hospital-config';
import { expect, it } from 'vitest';
import config from './hospital.config.ts';

it('is a complete, consistent hospital config', () => {
  expect(checkHospitalConfig(config, 'wanshan')).toEqual([]);
});

it('takes its organisation code from originCode', () => {
  expect(organizationCodeOf(config, { originCode: 'ORIGIN', mdid: 'MDID' })).toBe('ORIGIN');
});

it('sends scheduled and same-day booking to the service-offline screen', () => {
  expect(config.offlineRoutes).toEqual([...BOOKING_ROUTES]);
  expect(config.homepage.services).not.toContain('appointment');
});
