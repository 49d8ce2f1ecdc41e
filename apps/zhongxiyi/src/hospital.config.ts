import { defineHospitalConfig } from '@patient/hospital-config';

export default defineHospitalConfig({
  key: 'zhongxiyi',
  id: '1006',
  name: '铜仁市中西医结合医院',
  theme: 'purple',
  healthGovName: '市卫生健康委员会',
  organizationCodeFromMdid: true,
  homepage: { layout: 'classic' },
  hotlines: [
    { label: '预约咨询', number: '0571-8582-7888' },
    { label: '膏方门诊', number: '0571-8582-7999' },
  ],
  hosIntroduction: {
    bannerImg: '/banner.svg',
    contentHeader: '铜仁市中西医结合医院',
    subtitle: '三级甲等中西医结合医院',
    baseInformationList: [
      { title: '医院等级', value: '三级甲等中西医结合医院' },
      { title: '医院地址', value: '市体育场路453号' },
      { title: '开放床位', value: '1200张' },
      { title: '建院时间', value: '1956年' },
    ],
    website: 'https://zhongxiyi.hospital.example.cn',
    introduction: [
      '铜仁市中西医结合医院始建于1956年，是一所集医疗、教学、科研、预防、保健于一体的三级甲等中西医结合医院。',
      '医院秉承“以患者为中心”的服务理念，为患者提供预约挂号、在线缴费、报告查询等一站式自助服务。',
    ],
  },
});
