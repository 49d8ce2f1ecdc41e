import { defineHospitalConfig } from '@patient/hospital-config';

export default defineHospitalConfig({
  key: 'luqiao',
  id: '1007',
  name: '台州市路桥区人民医院',
  theme: 'blue',
  healthGovName: '台州市路桥区卫生健康局',
  // The foreigner permanent residence card is not accepted here (000 §3).
  excludedDocumentTypes: ['FOREIGNER_NUMBER'],
  homepage: { layout: 'classic' },
  hotlines: [{ label: '门诊服务中心', number: '0576-8246-0120' }],
  hosIntroduction: {
    bannerImg: '/banner.svg',
    contentHeader: '台州市路桥区人民医院',
    subtitle: '二级甲等综合医院',
    baseInformationList: [
      { title: '医院等级', value: '二级甲等综合医院' },
      { title: '医院地址', value: '台州市路桥区路桥街道银安街1号' },
      { title: '开放床位', value: '900张' },
      { title: '建院时间', value: '1950年' },
    ],
    website: 'https://luqiao.hospital.example.cn',
    introduction: [
      '台州市路桥区人民医院始建于1950年，是一所集医疗、教学、科研、预防、保健于一体的二级甲等综合医院。',
      '医院秉承“以患者为中心”的服务理念，为患者提供预约挂号、在线缴费、报告查询等一站式自助服务。',
    ],
  },
});
