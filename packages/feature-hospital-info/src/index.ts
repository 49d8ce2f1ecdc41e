import { defineFeature } from '@patient/ui-kit';

/**
 * Hospital information (001 §2 'Hospital information'): the introduction, practical information, price
 * inquiry, navigation, the visit guide and the notices — all read from the service (one source of content).
 */
export const hospitalInfoFeature = defineFeature({
  name: 'hospital-info',
  routes: [
    {
      path: '/hosIntroduction',
      page: () => import('./pages/IntroductionPage.tsx'),
      meta: { title: '医院介绍' },
    },
    {
      path: '/hospitalinfo',
      page: () => import('./pages/HospitalInfoPage.tsx'),
      meta: { title: '医院信息' },
    },
    {
      path: '/priceInquiry',
      page: () => import('./pages/PriceInquiryPage.tsx'),
      meta: { title: '价格查询' },
    },
    {
      path: '/hospitalNavigation',
      page: () => import('./pages/NavigationPage.tsx'),
      meta: { title: '院内导航' },
    },
    { path: '/medicalGuidance', page: () => import('./pages/GuidePage.tsx'), meta: { title: '就医指南' } },
    { path: '/guidelines', page: () => import('./pages/NoticesPage.tsx'), meta: { title: '就诊须知' } },
  ],
});
