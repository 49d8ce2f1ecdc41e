import { defineFeature } from '@patient/ui-kit';

/** SMS login (001 §2 /login, §7 Login). */
export const authFeature = defineFeature({
  name: 'auth',
  routes: [{ path: '/login', page: () => import('./LoginPage.tsx'), meta: { title: '登录' } }],
});
