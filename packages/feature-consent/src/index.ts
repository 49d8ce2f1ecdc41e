import { defineFeature } from '@patient/ui-kit';

/** 隐私与授权: /consent lists the account's items at the hospital. */
export const consentFeature = defineFeature({
  name: 'consent',
  routes: [
    { path: '/consent', page: () => import('./pages/ConsentPage.tsx'), meta: { title: '隐私与授权' } },
  ],
});
