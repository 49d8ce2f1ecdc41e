import { defineHospitalConfig, type HospitalConfigInput } from '@patient/hospital-config';

/** A hospital config for tests, with overrides. */
export const testHospital = (overrides: Partial<HospitalConfigInput> = {}) =>
  defineHospitalConfig({
    key: 'test',
    id: '1000',
    name: '测试人民医院',
    healthGovName: '测试市卫健委',
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
