import { defineFeature } from '@patient/ui-kit';

/**
 * Nucleic acid tests (001 §2 'Nucleic acid test'): the offer, booking for oneself or a contact with pre-commit
 * and payment, the QR code for the sampling point, my tests, one test with its result, cancel with refund before
 * sampling. Glossary of the spec's calls: @patient/contract nucleic-acid.ts.
 */
export const nucleicAcidFeature = defineFeature({
  name: 'nucleic-acid',
  routes: [
    {
      path: '/nucleicAcidIndex',
      page: () => import('./pages/NucleicAcidIndexPage.tsx'),
      meta: { title: '核酸检测' },
    },
    {
      path: '/nucleicAcidOrder/:type',
      page: () => import('./pages/NucleicAcidOrderPage.tsx'),
      meta: { title: '核酸检测预约' },
    },
    {
      path: '/nucleicAcidSuccess/:orderId',
      page: () => import('./pages/NucleicAcidSuccessPage.tsx'),
      meta: { title: '预约结果' },
    },
    {
      path: '/nucleicAcidList',
      page: () => import('./pages/NucleicAcidListPage.tsx'),
      meta: { title: '我的核酸检测' },
    },
    {
      path: '/nucleicAcidDetail/:orderId',
      page: () => import('./pages/NucleicAcidDetailPage.tsx'),
      meta: { title: '核酸检测详情' },
    },
  ],
});
