import { defineFeature } from '@patient/ui-kit';

/**
 * Health record and report search (000 §2), physical-exam reports (001 §2 'Exam reports'). Route parameters keep the spec's names; src/format.ts writes and
 * reads them (glossary: @patient/contract reports.ts). The lab trend chart (uPlot) loads with the report
 * detail's trend only.
 */
export const reportsFeature = defineFeature({
  name: 'reports',
  routes: [
    {
      path: '/patientRecord',
      page: () => import('./pages/RecordHomePage.tsx'),
      meta: { title: '健康档案', loadsPatients: true },
    },
    {
      path: '/patientRecord/recordDetail/:type/:patientId/:recordId/:otherId/:contactId',
      page: () => import('./pages/VisitDetailPage.tsx'),
      meta: { title: '就诊详情' },
    },
    {
      path: '/patientRecord/drugInstructions',
      page: () => import('./pages/DrugInstructionsPage.tsx'),
      meta: { title: '药品说明书' },
    },
    {
      path: '/patientRecord/reportDetail/:type/:status/:reportId',
      page: () => import('./pages/ReportDetailPage.tsx'),
      meta: { title: '报告详情' },
    },
    {
      path: '/patientRecord/guide',
      page: () => import('./pages/RecordGuidePage.tsx'),
      meta: { title: '健康档案说明' },
    },
    {
      path: '/patientRecord/recordDetail/recipeList/:type',
      page: () => import('./pages/PrescriptionsPage.tsx'),
      meta: { title: '处方详情' },
    },
    {
      path: '/patientRecord/reportList/:patientId/:recordId/:otherId',
      page: () => import('./pages/VisitReportsPage.tsx'),
      meta: { title: '本次就诊报告' },
    },
    {
      path: '/patientRecord/followUpList/:patientId/:recordId/:otherId',
      page: () => import('./pages/FollowUpListPage.tsx'),
      meta: { title: '随访列表' },
    },
    {
      path: '/patientRecord/followUpDetail/:status/:scaleId',
      page: () => import('./pages/FollowUpDetailPage.tsx'),
      meta: { title: '随访详情' },
    },
    {
      path: '/noFile/patientRecord',
      page: () => import('./pages/NoFileRecordPage.tsx'),
      meta: { title: '暂无档案' },
    },
    {
      path: '/searchReport',
      page: () => import('./pages/ReportSearchPage.tsx'),
      meta: { title: '报告查询', loadsPatients: true },
    },
    {
      path: '/searchReportHealthCard',
      page: () => import('./pages/HealthCardSearchPage.tsx'),
      meta: { title: '电子健康卡查报告', loadsPatients: true },
    },
    {
      path: '/noFile/searchReport',
      page: () => import('./pages/NoFileReportPage.tsx'),
      meta: { title: '暂无档案', loadsPatients: true },
    },
    {
      path: '/searchReportNew',
      page: () => import('./pages/ReportSearchNewPage.tsx'),
      meta: { title: '报告查询' },
    },
    {
      path: '/searchReport/resultList/:cardId/:hospitalId/:contactId',
      page: () => import('./pages/ReportListPage.tsx'),
      meta: { title: '报告列表' },
    },
    {
      path: '/searchReport/resultDetail/:hospitalId/:type/:name/:reportId',
      page: () => import('./pages/ReportDetailPage.tsx'),
      meta: { title: '报告详情' },
    },
    {
      path: '/gapReport',
      page: () => import('./pages/GapReportPage.tsx'),
      meta: { title: '跨院报告查询', keepAlive: true },
    },
    {
      path: '/gapReport/resultList/:name/:cardNo/:startTime/:endTime',
      page: () => import('./pages/GapResultPage.tsx'),
      meta: { title: '跨院报告' },
    },
    {
      path: '/checkHealthCardDetail/:cardNo',
      page: () => import('./pages/HealthCardReportsPage.tsx'),
      meta: { title: '健康卡报告' },
    },
    {
      path: '/reportDetail/pdf/:sampleId',
      page: () => import('./pages/ReportPagesPage.tsx'),
      meta: { title: '报告单' },
    },
    {
      path: '/reportApply/reportList/:patientId/:contactId',
      page: () => import('./pages/RequestListPage.tsx'),
      meta: { title: '检验检查申请单' },
    },
    {
      path: '/reportApply/reportApplyDetail/:type/:requesitionDetailId',
      page: () => import('./pages/RequestDetailPage.tsx'),
      meta: { title: '申请单详情' },
    },
    {
      path: '/searchMedicalReport',
      page: () => import('./pages/SearchExamPage.tsx'),
      meta: { title: '体检报告查询' },
    },
    {
      path: '/medicalReport',
      page: () => import('./pages/ExamListPage.tsx'),
      meta: { title: '体检报告' },
    },
    {
      path: '/medicalReportDetail',
      page: () => import('./pages/ExamDetailPage.tsx'),
      meta: { title: '体检报告详情' },
    },
    {
      path: '/searchReportByCard',
      page: () => import('./pages/ExamByCardPage.tsx'),
      meta: { title: '按卡查询体检报告' },
    },
    {
      path: '/guideCheck/scan',
      page: () => import('./pages/GuideScanPage.tsx'),
      meta: { title: '扫描导检单' },
    },
  ],
});
