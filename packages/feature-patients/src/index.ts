import { defineFeature } from '@patient/ui-kit';

/**
 * Patients and cards (000 §2 'Contacts and cards', 001 §2 'Electronic health card' and 'Health code'):
 * who is being treated, with which card.
 */
export const patientsFeature = defineFeature({
  name: 'patients',
  routes: [
    {
      path: '/contactList',
      page: () => import('./pages/ContactListPage.tsx'),
      meta: { title: '就诊人管理' },
    },
    {
      path: '/contactDetail/:contactId',
      page: () => import('./pages/ContactDetailPage.tsx'),
      meta: { title: '就诊人信息', keepAlive: false },
    },
    {
      path: '/cardsList/:contactId/:hospitalId/:identityCard/:patientName',
      page: () => import('./pages/CardsListPage.tsx'),
      meta: { title: '就诊卡' },
    },
    {
      path: '/cardDetail/:cardId',
      page: () => import('./pages/CardDetailPage.tsx'),
      meta: { title: '就诊卡详情' },
    },
    {
      path: '/addContactCard/:contactId/:hospitalId/:identityCard/:patientName',
      page: () => import('./pages/AddCardPage.tsx'),
      meta: { title: '添加就诊卡' },
    },
    {
      path: '/chooseContactHisCard/:type/:contactId/:hospitalId/:identityCard/:patientName',
      page: () => import('./pages/ChooseHisCardPage.tsx'),
      meta: { title: '选择就诊卡' },
    },
    {
      path: '/verifyIdentity/:contactId',
      page: () => import('./pages/VerifyIdentityPage.tsx'),
      meta: { title: '验证就诊人身份' },
    },
    {
      path: '/authentication/:contactId',
      page: () => import('./pages/AuthenticationPage.tsx'),
      meta: { title: '实名认证' },
    },
    {
      path: '/chooseContact/:type',
      page: () => import('./pages/ChooseContactPage.tsx'),
      meta: { title: '选择就诊人' },
    },
    {
      path: '/messageNotify',
      page: () => import('./pages/MessageNotifyPage.tsx'),
      meta: { title: '消息通知' },
    },
    { path: '/patientCode', page: () => import('./pages/PatientCodePage.tsx'), meta: { title: '患者码' } },
    {
      path: '/healthCardsList',
      page: () => import('./pages/HealthCardsListPage.tsx'),
      meta: { title: '电子健康卡' },
    },
    {
      path: '/addHealthCard',
      page: () => import('./pages/AddHealthCardPage.tsx'),
      meta: { title: '申领电子健康卡' },
    },
    {
      path: '/healthCardDetail',
      page: () => import('./pages/HealthCardDetailPage.tsx'),
      meta: { title: '电子健康卡' },
    },
    {
      path: '/perfectHealthCard/:name/:idCard',
      page: () => import('./pages/PerfectHealthCardPage.tsx'),
      meta: { title: '完善健康卡信息', keepAlive: true },
    },
    {
      path: '/applyHealthCode/:contactId',
      page: () => import('./pages/ApplyHealthCodePage.tsx'),
      meta: { title: '申领健康码' },
    },
    {
      path: '/viewHealthCode/:contactId',
      page: () => import('./pages/ViewHealthCodePage.tsx'),
      meta: { title: '健康码' },
    },
  ],
});
