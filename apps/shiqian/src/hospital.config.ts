import { defineHospitalConfig } from '@patient/hospital-config';

export default defineHospitalConfig({
  key: 'shiqian',
  id: '1003',
  name: '石阡县人民医院',
  theme: 'green',
  healthGovName: '石阡县卫生健康局',
  // In the payment-app mini-program this hospital has taken its service offline (000 §1).
  offlineInPaymentMiniProgram: true,
  homepage: { layout: 'classic' },
  hotlines: [{ label: '总值班', number: '0856-7622-120' }],
  hosIntroduction: {
    bannerImg: '/banner.svg',
    contentHeader: '石阡县人民医院',
    subtitle: '二级甲等综合医院',
    baseInformationList: [
      { title: '医院等级', value: '二级甲等综合医院' },
      { title: '医院地址', value: '石阡县汤山镇河西大道8号' },
      { title: '开放床位', value: '650张' },
      { title: '建院时间', value: '1951年' },
    ],
    website: 'https://shiqian.hospital.example.cn',
    introduction: [
      '石阡县人民医院始建于1951年，是一所集医疗、教学、科研、预防、保健于一体的二级甲等综合医院。',
      '医院秉承“以患者为中心”的服务理念，为患者提供预约挂号、在线缴费、报告查询等一站式自助服务。',
    ],
  },
});
