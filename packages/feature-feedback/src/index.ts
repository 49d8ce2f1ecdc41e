import { defineFeature } from '@patient/ui-kit';
import { SUCCESS_PATHS } from './params.ts';

/**
 * Feedback and follow-up (000 §2 'Feedback'): complaints and suggestions with the hospital's reply, and the
 * follow-up tasks of a visit or stay (satisfaction survey, bedside scale, discharge follow-up, health
 * education, return-visit reminder), each answered once, with their success pages.
 */
export const feedbackFeature = defineFeature({
  name: 'feedback',
  routes: [
    {
      path: '/feedback/add',
      page: () => import('./pages/FeedbackAddPage.tsx'),
      meta: { title: '投诉与建议' },
    },
    {
      path: '/feedback/detail/:feedBackId',
      page: () => import('./pages/FeedbackDetailPage.tsx'),
      meta: { title: '反馈详情' },
    },
    {
      path: '/feedback/satisfyDetail/:inhospitalId/:taskId',
      page: () => import('./pages/SatisfactionPage.tsx'),
      meta: { title: '满意度调查' },
    },
    {
      path: '/feedback/scanScale/:inhospitalId/:scaleId',
      page: () => import('./pages/ScalePage.tsx'),
      meta: { title: '量表评估' },
    },
    {
      path: '/feedback/missionDetail/:inhospitalId/:taskId',
      page: () => import('./pages/MissionPage.tsx'),
      meta: { title: '出院随访' },
    },
    {
      path: '/feedback/studyDetail/:inhospitalId/:taskId',
      page: () => import('./pages/StudyPage.tsx'),
      meta: { title: '健康宣教' },
    },
    {
      path: '/feedback/studyPushDetail/:iuid',
      page: () => import('./pages/StudyPushPage.tsx'),
      meta: { title: '随访推送' },
    },
    {
      path: '/feedback/returnHospitalDetail/:inhospitalId/:taskId',
      page: () => import('./pages/ReturnVisitPage.tsx'),
      meta: { title: '复诊提醒' },
    },
    {
      path: SUCCESS_PATHS.SATISFACTION,
      page: () => import('./pages/SuccessPage.tsx'),
      meta: { title: '提交成功' },
    },
    { path: SUCCESS_PATHS.SCALE, page: () => import('./pages/SuccessPage.tsx'), meta: { title: '提交成功' } },
    {
      path: SUCCESS_PATHS.MISSION,
      page: () => import('./pages/SuccessPage.tsx'),
      meta: { title: '提交成功' },
    },
  ],
});
