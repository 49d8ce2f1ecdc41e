import { api } from '@patient/api-client';
import { appStore, useAppState } from '@patient/app-state';
import { logout } from '@patient/contract';
import { useRetryWhenBack } from '@patient/feature-kit/retry';
import { confirm, toast } from '@patient/ui-kit';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { checkSession } from '../session.ts';
import { MessagesLink } from './MessagesLink.tsx';

/**
 * Who is logged in, with login and logout. The session itself is an httpOnly cookie, so we ask the service
 * (the check started with the app is shared). Until it answers, and when it cannot, the bar does not claim
 * the patient is logged out: it says the login state is being checked, or that it could not be, and asks
 * again by itself when the page is visible again or back online.
 */
export function UserBar() {
  const user = useAppState((s) => s.auth);
  const status = useAppState((s) => s.authStatus);
  const recheck = () => void checkSession(api, appStore);

  useEffect(() => {
    // Asked at start-up already: shared while on its way, not asked twice once answered.
    if (appStore.getState().authStatus !== 'known') void checkSession(api, appStore);
  }, []);
  useRetryWhenBack(recheck, status === 'failed');

  const onLogout = async () => {
    if (!(await confirm({ title: '退出登录', message: '确定退出当前账号吗？', confirmText: '退出' }))) return;
    try {
      await api.request(logout, {});
      appStore.getState().resetUser();
      void toast('已退出登录');
    } catch {
      // api-client has told the user
    }
  };

  if (user) {
    return (
      <div className="hp-user">
        <span className="hp-user__phone" data-testid="user-phone">
          您好，{user.phone}
        </span>
        <span className="hp-user__actions">
          <MessagesLink />
          <button type="button" className="hp-user__action" onClick={onLogout}>
            退出登录
          </button>
        </span>
      </div>
    );
  }
  if (status === 'failed') {
    return (
      <div className="hp-user" role="status">
        <span className="hp-user__phone">登录状态获取失败</span>
        <button type="button" className="hp-user__action" onClick={recheck}>
          重试
        </button>
      </div>
    );
  }
  if (status === 'checking') {
    return (
      <div className="hp-user">
        <span className="hp-user__phone">正在获取登录状态...</span>
      </div>
    );
  }
  return (
    <div className="hp-user">
      <span className="hp-user__phone">登录后查看就诊人与订单</span>
      <Link to="/login" className="hp-user__action">
        登录
      </Link>
    </div>
  );
}
