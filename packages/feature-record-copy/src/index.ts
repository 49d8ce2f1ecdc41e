import { defineFeature } from '@patient/ui-kit';

/**
 * Medical record copy (001 §2 'Medical record copy') and delivery addresses with tracking (001 §2 'Delivery
 * address'). Route names keep the spec's spelling (`applyReson`); glossary: @patient/contract record-copy.ts.
 */
export const recordCopyFeature = defineFeature({
  name: 'record-copy',
  routes: [
    {
      path: '/medicalRecord/index',
      page: () => import('./pages/RecordCopyIndexPage.tsx'),
      meta: { title: '病案复印' },
    },
    {
      path: '/medicalRecord/choosePatient',
      page: () => import('./pages/ChoosePatientPage.tsx'),
      meta: { title: '选择患者' },
    },
    {
      path: '/medicalRecord/recordList/:name/:type/:cardId',
      page: () => import('./pages/StayListPage.tsx'),
      meta: { title: '选择住院记录' },
    },
    {
      path: '/medicalRecord/applyReson',
      page: () => import('./pages/PurposePage.tsx'),
      meta: { title: '复印用途' },
    },
    {
      path: '/medicalRecord/applyDetail',
      page: () => import('./pages/ApplyDetailPage.tsx'),
      meta: { title: '确认申请' },
    },
    {
      path: '/medicalRecord/applySuccess/:orderId/:type',
      page: () => import('./pages/ApplySuccessPage.tsx'),
      meta: { title: '办理结果' },
    },
    {
      path: '/medicalRecord/recordDetail/:orderId',
      page: () => import('./pages/RecordDetailPage.tsx'),
      meta: { title: '申请详情' },
    },
    { path: '/placeList', page: () => import('./pages/AddressListPage.tsx'), meta: { title: '收货地址' } },
    {
      path: '/traceDetail/:orderId',
      page: () => import('./pages/TrackingPage.tsx'),
      meta: { title: '物流跟踪' },
    },
    {
      path: '/placeDetail/:detailId',
      page: () => import('./pages/AddressFormPage.tsx'),
      meta: { title: '编辑收货地址' },
    },
  ],
});
