import { defineFeature } from '@patient/ui-kit';
import { PATHS } from './paths.ts';

/**
 * 隐私与授权: the hospital's 隐私政策 and 用户协议 (readable before login, current version from the service), and
 * the account's consents to them with 撤回 (withdraw), 访问记录 (which staff read the account's data),
 * 个人信息副本 (a copy of one's data) and 注销账号 (deletion).
 */
export const consentFeature = defineFeature({
  name: 'consent',
  routes: [
    { path: PATHS.POLICY, page: () => import('./pages/PolicyPage.tsx'), meta: { title: '隐私政策' } },
    { path: PATHS.AGREEMENT, page: () => import('./pages/AgreementPage.tsx'), meta: { title: '用户协议' } },
    { path: PATHS.CONSENTS, page: () => import('./pages/ConsentsPage.tsx'), meta: { title: '隐私与授权' } },
    { path: PATHS.ACCESS_LOG, page: () => import('./pages/AccessLogPage.tsx'), meta: { title: '访问记录' } },
    {
      path: PATHS.DELETION,
      page: () => import('./pages/AccountDeletionPage.tsx'),
      meta: { title: '注销账号' },
    },
    { path: PATHS.COPY, page: () => import('./pages/DataCopyPage.tsx'), meta: { title: '个人信息副本' } },
  ],
});
