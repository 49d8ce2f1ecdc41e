import { defineHospitalConfig } from '@patient/hospital-config';

export default defineHospitalConfig({
  key: 'zhengzhou',
  id: '1001',
  name: '郑州市第一人民医院',
  theme: 'blue',
  healthGovName: '郑州市卫生健康委员会',
  preCheckin: true,
  organizationCodeFromMdid: true,
  homepage: { layout: 'header' },
  hotlines: [
    { label: '预约挂号', number: '0371-6765-9999' },
    { label: '医保咨询', number: '0371-6765-8888' },
  ],
  hosIntroduction: {
    bannerImg: '/banner.svg',
    contentHeader: '郑州市第一人民医院',
    subtitle: '三级甲等综合医院 · 郑州大学附属',
    baseInformationList: [
      { title: '医院等级', value: '三级甲等综合医院' },
      { title: '医院地址', value: '郑州市中原区桐柏北路195号' },
      { title: '开放床位', value: '3000张' },
      { title: '建院时间', value: '1952年' },
    ],
    website: 'https://zhengzhou.hospital.example.cn',
    introduction: [
      '郑州市第一人民医院始建于1952年，是一所集医疗、教学、科研、预防、保健于一体的三级甲等综合医院。',
      '医院秉承“以患者为中心”的服务理念，为患者提供预约挂号、在线缴费、报告查询等一站式自助服务。',
    ],
  },
});
