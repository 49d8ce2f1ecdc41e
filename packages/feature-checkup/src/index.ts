import { defineFeature } from '@patient/ui-kit';

/**
 * Check-up appointments (001 §2). Route parameters keep the HIS names (brsqhm, czyhid, …); src/params.ts maps
 * them once to the contract's readable names (glossary: @patient/contract checkup.ts).
 */
export const checkupFeature = defineFeature({
  name: 'checkup',
  routes: [
    {
      path: '/checkAppoint/list',
      page: () => import('./pages/CheckupListPage.tsx'),
      meta: { title: '检查预约', loadsPatients: true },
    },
    {
      path: '/checkAppoint/chooseDate/:brsqhm/:czyhid/:brjzlx/:zlxmbm/:cretbz/:sfjzpb/:xmlxid',
      page: () => import('./pages/ChooseDatePage.tsx'),
      meta: { title: '选择检查时间' },
    },
    {
      path: '/checkAppoint/sureCheck/:brsqhm/:czyhid/:bryyrq/:kyzysl/:pbgzbh/:pbpcid/:pbsjfw',
      page: () => import('./pages/ConfirmCheckupPage.tsx'),
      meta: { title: '确认检查预约' },
    },
    {
      path: '/checkAppoint/checkSuccess/:brsqhm/:czyhid',
      page: () => import('./pages/CheckupSuccessPage.tsx'),
      meta: { title: '预约成功' },
    },
    {
      path: '/checkAppoint/detail/:brsqhm/:czyhid',
      page: () => import('./pages/CheckupDetailPage.tsx'),
      meta: { title: '检查预约详情' },
    },
    {
      path: '/checkAppointRemind/:id',
      page: () => import('./pages/CheckupReminderPage.tsx'),
      meta: { title: '检查须知' },
    },
  ],
});
