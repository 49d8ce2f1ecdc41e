import { defineHospitalConfig } from '@patient/hospital-config';

export default defineHospitalConfig({
  key: 'boao',
  id: '1008',
  name: '海南博鳌超级医院',
  theme: 'green',
  healthGovName: '海南博鳌乐城国际医疗旅游先行区管理局',
  organizationCodeFromMdid: true,
  homepage: { layout: 'header' },
  hotlines: [{ label: '国际患者服务', number: '0898-6296-6666' }],
  hosIntroduction: {
    bannerImg: '/banner.svg',
    contentHeader: '海南博鳌超级医院',
    subtitle: '国际医疗旅游先行区医院',
    baseInformationList: [
      { title: '医院等级', value: '国际医疗旅游先行区医院' },
      { title: '医院地址', value: '海南省琼海市博鳌乐城国际医疗旅游先行区' },
      { title: '开放床位', value: '300张' },
      { title: '建院时间', value: '2019年' },
    ],
    website: 'https://boao.hospital.example.cn',
    introduction: [
      '海南博鳌超级医院始建于2019年，是一所集医疗、教学、科研、预防、保健于一体的国际医疗旅游先行区医院。',
      '医院秉承“以患者为中心”的服务理念，为患者提供预约挂号、在线缴费、报告查询等一站式自助服务。',
    ],
  },
});
