import { defineHospitalConfig, type HospitalConfig, type HospitalConfigInput } from './config.ts';

/** A complete hospital config for tests ('测试人民医院', id 1000), with overrides. */
export function testHospitalConfig(overrides: Partial<HospitalConfigInput> = {}): HospitalConfig {
  return defineHospitalConfig({
    key: 'test',
    id: '1000',
    name: '测试人民医院',
    theme: 'green',
    healthGovName: '测试市卫生健康委员会',
    hotlines: [{ label: '咨询电话', number: '0371-6000-1000' }],
    hosIntroduction: {
      bannerImg: '/banner.svg',
      contentHeader: '测试人民医院',
      subtitle: '三级甲等综合医院',
      baseInformationList: [],
      website: '',
      introduction: [],
    },
    ...overrides,
  });
}
