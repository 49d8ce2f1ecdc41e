import { defineFeature } from '@patient/ui-kit';
import './insurance-kind.ts';
import { FEE_ROUTES as R } from './paths.ts';

/**
 * Outpatient and inpatient fees (000 §2 'Outpatient fee', 'Inpatient fee'): the visit's unpaid orders paid
 * together, the paid history and refunds; the stay, its deposits, daily list, totals and discharge settlement.
 */
export const feesFeature = defineFeature({
  name: 'fees',
  routes: [
    {
      path: R.outpatientList,
      page: () => import('./pages/OutpatientListPage.tsx'),
      meta: { title: '门诊缴费' },
    },
    {
      path: R.outpatientDetail,
      page: () => import('./pages/OutpatientDetailPage.tsx'),
      meta: { title: '缴费明细' },
    },
    { path: R.paidList, page: () => import('./pages/PaidListPage.tsx'), meta: { title: '缴费记录' } },
    {
      path: R.outpatientPay,
      page: () => import('./pages/OutpatientPayPage.tsx'),
      meta: { title: '门诊支付' },
    },
    {
      path: R.outpatientSuccess,
      page: () => import('./pages/OutpatientSuccessPage.tsx'),
      meta: { title: '缴费结果' },
    },
    { path: R.manage, page: () => import('./pages/InpatientManagePage.tsx'), meta: { title: '我的住院' } },
    {
      path: R.inpatientIndex,
      page: () => import('./pages/InpatientManagePage.tsx'),
      meta: { title: '我的住院' },
    },
    { path: R.recharge, page: () => import('./pages/RechargePage.tsx'), meta: { title: '押金充值' } },
    {
      path: R.rechargeSuccess,
      page: () => import('./pages/RechargeSuccessPage.tsx'),
      meta: { title: '充值结果' },
    },
    {
      path: R.rechargeHistory,
      page: () => import('./pages/RechargeHistoryPage.tsx'),
      meta: { title: '充值记录' },
    },
    { path: R.totalFee, page: () => import('./pages/TotalFeePage.tsx'), meta: { title: '费用汇总' } },
    { path: R.dayFee, page: () => import('./pages/DayFeePage.tsx'), meta: { title: '每日清单' } },
    { path: R.dayFeeDetail, page: () => import('./pages/DayFeeDetailPage.tsx'), meta: { title: '费用清单' } },
    { path: R.inpatientPay, page: () => import('./pages/InpatientPayPage.tsx'), meta: { title: '出院结算' } },
    { path: R.stays, page: () => import('./pages/StaysPage.tsx'), meta: { title: '住院记录' } },
    { path: R.outFee, page: () => import('./pages/OutFeePage.tsx'), meta: { title: '出院费用查询' } },
    {
      path: R.outFeeDetail,
      page: () => import('./pages/OutFeeDetailPage.tsx'),
      meta: { title: '住院费用详情' },
    },
    {
      path: R.inpatientSuccess,
      page: () => import('./pages/InpatientSuccessPage.tsx'),
      meta: { title: '结算结果' },
    },
  ],
});
