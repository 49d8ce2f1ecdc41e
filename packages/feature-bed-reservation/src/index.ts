import { defineFeature } from '@patient/ui-kit';

/**
 * Bed reservation (001 §2 'Bed reservation, patient side' and 'nurse side'): the patient applies for admission
 * with the admission notice, follows the application and confirms the time the ward offers; the ward's nurse,
 * signed in through the corporate-messaging app (企业微信), sees the pending, confirmed and finished orders,
 * offers a time, transfers to another ward, registers a patient at the desk and reads who did what.
 */
export const bedReservationFeature = defineFeature({
  name: 'bed-reservation',
  routes: [
    {
      path: '/bedReservation/patient/list',
      page: () => import('./patient/ListPage.tsx'),
      meta: { title: '床位预约' },
    },
    {
      path: '/bedReservation/patient/apply',
      page: () => import('./patient/ApplyPage.tsx'),
      meta: { title: '申请床位预约' },
    },
    {
      path: '/bedReservation/patient/success/:orderId',
      page: () => import('./patient/SuccessPage.tsx'),
      meta: { title: '申请已提交' },
    },
    {
      path: '/bedReservation/patient/detail/:orderId',
      page: () => import('./patient/DetailPage.tsx'),
      meta: { title: '预约详情' },
    },
    {
      path: '/bedReservation/patient/application/:orderId',
      page: () => import('./patient/ApplicationPage.tsx'),
      meta: { title: '申请信息' },
    },
    {
      path: '/bedReservation/patient/confirm/:orderId',
      page: () => import('./patient/ConfirmPage.tsx'),
      meta: { title: '确认入院时间' },
    },
    {
      path: '/bedReservation/nurse/index',
      page: () => import('./nurse/IndexPage.tsx'),
      meta: { title: '床位预约管理' },
    },
    {
      path: '/bedReservation/nurse/apply/:type',
      page: () => import('./nurse/ListPage.tsx'),
      meta: { title: '预约列表' },
    },
    {
      path: '/bedReservation/nurse/add',
      page: () => import('./nurse/AddPage.tsx'),
      meta: { title: '登记床位预约' },
    },
    {
      path: '/bedReservation/nurse/dept',
      page: () => import('./nurse/DeptPage.tsx'),
      meta: { title: '切换病区' },
    },
    {
      path: '/bedReservation/nurse/application/:orderId',
      page: () => import('./nurse/ApplicationPage.tsx'),
      meta: { title: '申请信息' },
    },
    {
      path: '/bedReservation/nurse/record/:orderId',
      page: () => import('./nurse/RecordPage.tsx'),
      meta: { title: '操作记录' },
    },
    {
      path: '/bedReservation/nurse/detail/:orderId',
      page: () => import('./nurse/DetailPage.tsx'),
      meta: { title: '预约详情' },
    },
  ],
});
