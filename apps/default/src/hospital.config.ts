import { defineHospitalConfig } from '@patient/hospital-config';

export default defineHospitalConfig({
  key: 'default',
  id: '1000',
  name: '示范人民医院',
  theme: 'green',
  healthGovName: '示范市卫生健康委员会',
  preCheckin: true,
  hotlines: [
    { label: '预约挂号咨询', number: '0371-6000-1000' },
    { label: '投诉与建议', number: '0371-6000-1001' },
  ],
  hosIntroduction: {
    bannerImg: '/banner.svg',
    contentHeader: '示范人民医院',
    subtitle: '三级甲等综合医院',
    baseInformationList: [
      { title: '医院等级', value: '三级甲等' },
      { title: '医院地址', value: '示范市中山路100号' },
      { title: '开放床位', value: '2000张' },
      { title: '门诊时间', value: '周一至周日 8:00-17:30' },
    ],
    website: 'https://www.example-hospital.cn',
    introduction: [
      '示范人民医院始建于1952年，是一所集医疗、教学、科研、预防、保健于一体的三级甲等综合医院。',
      '医院设有临床科室42个、医技科室12个，年门诊量逾200万人次。',
    ],
  },
});
