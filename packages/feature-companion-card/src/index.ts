import { defineFeature } from '@patient/ui-kit';

/**
 * Companion card (陪护证; 001 §2 'Companion card'): apply to accompany an inpatient, the applications and their
 * statuses, the effective card's rotating QR code, withdraw and cancel. Glossary: @patient/contract
 * companion-card.ts.
 */
export const companionCardFeature = defineFeature({
  name: 'companion-card',
  routes: [
    {
      path: '/patientCareCard/list',
      page: () => import('./pages/CardListPage.tsx'),
      meta: { title: '陪护证' },
    },
    {
      path: '/patientCareCard/order',
      page: () => import('./pages/ApplicationsPage.tsx'),
      meta: { title: '申请记录' },
    },
    {
      path: '/patientCareCard/apply',
      page: () => import('./pages/ApplyPage.tsx'),
      meta: { title: '申请陪护证' },
    },
    {
      path: '/patientCareCard/success/:id',
      page: () => import('./pages/SuccessPage.tsx'),
      meta: { title: '提交成功' },
    },
    {
      path: '/patientCareCard/detail/:id',
      page: () => import('./pages/DetailPage.tsx'),
      meta: { title: '陪护证详情' },
    },
    {
      path: '/patientCareCard/effective',
      page: () => import('./pages/EffectivePage.tsx'),
      meta: { title: '陪护证二维码' },
    },
  ],
});
