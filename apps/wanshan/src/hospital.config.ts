import { BOOKING_ROUTES, defineHospitalConfig } from '@patient/hospital-config';

export default defineHospitalConfig({
  key: 'wanshan',
  id: '1005',
  name: '铜仁市万山区人民医院',
  theme: 'orange',
  healthGovName: '铜仁市万山区卫生健康局',
  // Scheduled and same-day booking are handled at the hospital's windows here: their department and doctor
  // screens lead to the service-offline screen (001 §2 leaves the hospital open; we chose wanshan).
  offlineRoutes: [...BOOKING_ROUTES],
  homepage: {
    layout: 'compact',
    quickEntries: [],
    services: [
      'appointmentList',
      'outpatientFee',
      'inpatientFee',
      'reportSearch',
      'queue',
      'contacts',
      'patientCode',
      'healthCard',
      'invoice',
      'hosIntroduction',
      'hospitalNavigation',
      'feedback',
    ],
  },
  hotlines: [{ label: '门诊咨询', number: '0856-3522-120' }],
  hosIntroduction: {
    bannerImg: '/banner.svg',
    contentHeader: '铜仁市万山区人民医院',
    subtitle: '二级综合医院',
    baseInformationList: [
      { title: '医院等级', value: '二级综合医院' },
      { title: '医院地址', value: '铜仁市万山区谢桥街道仁山大道' },
      { title: '开放床位', value: '500张' },
      { title: '建院时间', value: '1966年' },
    ],
    website: 'https://wanshan.hospital.example.cn',
    introduction: [
      '铜仁市万山区人民医院始建于1966年，是一所集医疗、教学、科研、预防、保健于一体的二级综合医院。',
      '医院秉承“以患者为中心”的服务理念，为患者提供预约挂号、在线缴费、报告查询等一站式自助服务。',
    ],
  },
});
