import { defineHospitalConfig, type HospitalConfig, type HospitalConfigInput } from './config.ts';

/** A complete hospital config for tests ('测试人民医院', id 1000), with overrides. */
export function testHospitalConfig(overrides: Partial<HospitalConfigInput> = {}): HospitalConfig {
  return defineHospitalConfig({
    key: 'test',
    id: '1000',
    name: '测试人民医院',
    theme: 'green',
    healthGovName: '测试市卫生健康委员会',
    ...overrides,
  });
}
