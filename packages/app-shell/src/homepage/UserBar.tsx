import { api } from '@patient/api-client';
import { appStore, useAppState } from '@patient/app-state';
import { getSession, logout } from '@patient/contract';
import { confirm, toast } from '@patient/ui-kit';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';

/** Who is logged in, with login and logout. The session itself is an httpOnly cookie, so we ask the service. */
export function UserBar() {
  const user = useAppState((s) => s.auth);
  const update = useAppState((s) => s.update);

  useEffect(() => {
    api
      .request(getSession, {}, { silent: true })
      .then((session) =>
        update((s) => {
          s.auth = session;
        }),
      )
      .catch(() => undefined);
  }, [update]);

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

  return (
    <div className="hp-user">
      {user ? (
        <>
          <span className="hp-user__phone" data-testid="user-phone">
            您好，{user.phone}
          </span>
          <button type="button" className="hp-user__action" onClick={onLogout}>
            退出登录
          </button>
        </>
      ) : (
        <>
          <span className="hp-user__phone">登录后查看就诊人与订单</span>
          <Link to="/login" className="hp-user__action">
            登录
          </Link>
        </>
      )}
    </div>
  );
}
