import { defineFeature } from '@patient/ui-kit';
import './insurance-kind.ts';

const schedulePath = ':type/:hospitalId/:departmentId/:doctorId/:deptId/:scheduleItemId';

/**
 * Appointments (001 §2 'Appointments (scheduled)' and '(same day)'). The same-day routes use the same screens;
 * a screen knows it is same-day from its path (/today/…).
 */
export const appointmentFeature = defineFeature({
  name: 'appointment',
  routes: [
    { path: '/selectType', page: () => import('./pages/SelectTypePage.tsx'), meta: { title: '预约挂号' } },
    {
      path: '/depts',
      page: () => import('./pages/DeptsPage.tsx'),
      meta: { title: '预约挂号', keepAlive: true },
    },
    { path: '/depts/search', page: () => import('./pages/DeptSearchPage.tsx'), meta: { title: '搜索科室' } },
    {
      path: '/today/depts',
      page: () => import('./pages/DeptsPage.tsx'),
      meta: { title: '当日挂号', keepAlive: true },
    },
    {
      path: '/doctors/:hospitalId/:departmentId/:deptId',
      page: () => import('./pages/DoctorsPage.tsx'),
      meta: { title: '选择医生', keepAlive: true },
    },
    {
      path: '/today/doctors/:hospitalId/:departmentId/:deptId',
      page: () => import('./pages/DoctorsPage.tsx'),
      meta: { title: '选择医生', keepAlive: true },
    },
    {
      path: `/schedule/${schedulePath}`,
      page: () => import('./pages/SchedulePage.tsx'),
      meta: { title: '选择时段' },
    },
    {
      path: `/today/schedule/${schedulePath}`,
      page: () => import('./pages/SchedulePage.tsx'),
      meta: { title: '选择时段' },
    },
    {
      path: '/schedule/detail/:departmentId/:doctorId/:deptId/:scheduleItemId',
      page: () => import('./pages/ScheduleDetailPage.tsx'),
      meta: { title: '医生主页' },
    },
    {
      // Not a spec route: the doctor's page, reached from a doctor's photo or name in the booking screens.
      path: '/doctorHome/:hospitalId/:doctorId',
      page: () => import('./pages/DoctorHomePage.tsx'),
      meta: { title: '医生介绍' },
    },
    {
      path: '/doctorSchedule/:hospitalId/:departmentId/:deptId',
      page: () => import('./pages/DoctorSchedulePage.tsx'),
      meta: { title: '医生排班' },
    },
    {
      path: '/outpatientSchedule',
      page: () => import('./pages/OutpatientSchedulePage.tsx'),
      meta: { title: '门诊排班' },
    },
    {
      path: '/multiple/dept/schedule',
      page: () => import('./pages/MultiDeptSchedulePage.tsx'),
      meta: { title: '多科室排班' },
    },
    {
      path: '/placeOrder/:orderId',
      page: () => import('./pages/PlaceOrderPage.tsx'),
      meta: { title: '确认预约', loadsPatients: true, loadError: '预约信息加载失败' },
    },
    {
      path: '/paySuccess/:type/:detailId',
      page: () => import('./pages/PaySuccessPage.tsx'),
      meta: { title: '支付结果' },
    },
    {
      path: '/appointmentList',
      page: () => import('./pages/AppointmentListPage.tsx'),
      meta: { title: '预约记录', loadsPatients: true, keepAlive: true },
    },
    {
      path: '/appointmentDetail/:detailId',
      page: () => import('./pages/AppointmentDetailPage.tsx'),
      meta: { title: '预约详情' },
    },
    { path: '/cancelReson', page: () => import('./pages/CancelReasonPage.tsx'), meta: { title: '取消预约' } },
  ],
});
