import { defineFeature } from '@patient/ui-kit';

/**
 * Community health screening (001 §2 'Health screening (community)', 000 §2 /screeningList): the hospital's
 * campaigns by street, a community, personal and health information, the risk questionnaire (sent once), the
 * result with its risk level and advice, and a resident's past screenings by ID number and name.
 */
export const screeningFeature = defineFeature({
  name: 'screening',
  routes: [
    {
      path: '/screeningList',
      page: () => import('./pages/ScreeningListPage.tsx'),
      meta: { title: '社区健康筛查' },
    },
    {
      path: '/streetList/:streetId',
      page: () => import('./pages/StreetPage.tsx'),
      meta: { title: '选择社区' },
    },
    {
      path: '/personalInfoForm/:streetId/:streetName',
      page: () => import('./pages/PersonalInfoPage.tsx'),
      meta: { title: '填写个人信息' },
    },
    {
      path: '/healthInfoForm/:streetId/:streetName',
      page: () => import('./pages/HealthInfoPage.tsx'),
      meta: { title: '填写健康信息' },
    },
    {
      path: '/questionnaireDetail',
      page: () => import('./pages/QuestionnairePage.tsx'),
      meta: { title: '风险筛查问卷' },
    },
    {
      path: '/diseaseScreeningSuccess',
      page: () => import('./pages/ResultPage.tsx'),
      meta: { title: '筛查结果' },
    },
    {
      path: '/questionnaire/list/:identityCard/:name',
      page: () => import('./pages/AnswerListPage.tsx'),
      meta: { title: '我的筛查记录' },
    },
  ],
});
