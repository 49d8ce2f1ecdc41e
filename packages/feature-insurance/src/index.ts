import { defineFeature } from '@patient/ui-kit';

/**
 * Medical insurance mobile payment (医保移动支付, 001 §2 'Medical insurance'): the return from the insurance
 * platform's authorisation page, the split of an order and paying its cash part, the result. Which order an
 * address is about: `from` (a kind a paying feature registered: registerInsuranceOrderKind of @patient/payment) and the order id.
 */
export const insuranceFeature = defineFeature({
  name: 'insurance',
  routes: [
    {
      path: '/medicalInsurance/transit',
      page: () => import('./pages/TransitPage.tsx'),
      meta: { title: '医保支付' },
    },
    {
      path: '/medicalInsurance/paying/:orderId',
      page: () => import('./pages/PayingPage.tsx'),
      meta: { title: '医保支付' },
    },
    {
      path: '/medicalInsurance/success/:from',
      page: () => import('./pages/SuccessPage.tsx'),
      meta: { title: '支付结果' },
    },
  ],
});
