import { checkHospitalConfig } from '@patient/app-shell/testing';
import { expect, it } from 'vitest';
import config from './hospital.config.ts';

it('is a complete, consistent hospital config', () => {
  expect(checkHospitalConfig(config, 'shiqian')).toEqual([]);
});
