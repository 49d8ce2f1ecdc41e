import { defineHospitalConfig } from '@patient/hospital-config';

export default defineHospitalConfig({
  key: 'songtao',
  id: '1002',
  name: '松桃苗族自治县人民医院',
  theme: 'red',
  healthGovName: '松桃苗族自治县卫生健康局',
  homepage: { layout: 'classic' },
  hotlines: [{ label: '门诊咨询', number: '0856-2822-120' }],
  hosIntroduction: {
    bannerImg: '/banner.svg',
    contentHeader: '松桃苗族自治县人民医院',
    subtitle: '二级甲等综合医院',
    baseInformationList: [
      { title: '医院等级', value: '二级甲等综合医院' },
      { title: '医院地址', value: '松桃县蓼皋街道民族路12号' },
      { title: '开放床位', value: '800张' },
      { title: '建院时间', value: '1950年' },
    ],
    website: 'https://songtao.hospital.example.cn',
    introduction: [
      '松桃苗族自治县人民医院始建于1950年，是一所集医疗、教学、科研、预防、保健于一体的二级甲等综合医院。',
      '医院秉承“以患者为中心”的服务理念，为患者提供预约挂号、在线缴费、报告查询等一站式自助服务。',
    ],
  },
});
