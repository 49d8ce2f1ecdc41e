import { defineHospitalConfig } from '@patient/hospital-config';

export default defineHospitalConfig({
  key: 'shulan',
  id: '1004',
  name: '树兰（杭州）医院',
  theme: 'blue',
  healthGovName: '杭州市卫生健康委员会',
  preCheckin: true,
  organizationCodeFromMdid: true,
  homepage: { layout: 'header' },
  hotlines: [
    { label: '客服热线', number: '0571-5675-7000' },
    { label: '国际医疗部', number: '0571-5675-7111' },
  ],
  hosIntroduction: {
    bannerImg: '/banner.svg',
    contentHeader: '树兰（杭州）医院',
    subtitle: '三级甲等综合医院',
    baseInformationList: [
      { title: '医院等级', value: '三级甲等综合医院' },
      { title: '医院地址', value: '杭州市拱墅区东新路848号' },
      { title: '开放床位', value: '1000张' },
      { title: '建院时间', value: '2016年' },
    ],
    website: 'https://shulan.hospital.example.cn',
    introduction: [
      '树兰（杭州）医院始建于2016年，是一所集医疗、教学、科研、预防、保健于一体的三级甲等综合医院。',
      '医院秉承“以患者为中心”的服务理念，为患者提供预约挂号、在线缴费、报告查询等一站式自助服务。',
    ],
  },
});
