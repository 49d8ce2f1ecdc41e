import { ApiError, api, isCancelled, loginPath } from '@patient/api-client';
import { appStore } from '@patient/app-state';
import { lockSource, type Source } from '@patient/contract';
import { toast, withLoading } from '@patient/ui-kit';
import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { placeOrderPath } from '../schedule/paths.ts';

/** Service states that mean the slot itself is gone (taken, stopped, removed): the list is read again. */
const SLOT_GONE_STATES = new Set([404, 409]);

export interface LockView {
  /** Locks the slot and goes to /placeOrder/:orderId; before that, /login when nobody is logged in. */
  lock(source: Source): Promise<void>;
  /** Why the last lock failed, for the screen to show. */
  message: string | null;
  /** The slot being locked. */
  locking: string | null;
}

/**
 * Choosing a time slot: not logged in → /login?redirect=<this screen> (nothing sent); else lockSource (at the
 * hospital's path), then the
 * order page (which shows the hold countdown). A slot that is gone shows the service's message and `onGone`
 * reads the list again; any other refusal (a booking rule) shows its message and sends nothing else.
 */
export function useLockSource(hospitalId: string, onGone: () => void): LockView {
  const navigate = useNavigate();
  const location = useLocation();
  const [message, setMessage] = useState<string | null>(null);
  const [locking, setLocking] = useState<string | null>(null);
  const busy = useRef(false);

  const lock = async (source: Source) => {
    if (busy.current) return;
    if (!appStore.getState().auth) {
      void toast('请先登录后再预约');
      navigate(loginPath(`${location.pathname}${location.search}`));
      return;
    }
    busy.current = true;
    setLocking(source.sourceId);
    setMessage(null);
    try {
      const { orderId } = await withLoading(
        () => api.request(lockSource, { params: { hospitalId }, body: { sourceId: source.sourceId } }),
        '正在为您锁定号源...',
      );
      navigate(placeOrderPath(orderId));
    } catch (error) {
      if (isCancelled(error) || (error instanceof ApiError && error.kind === 'session')) return;
      setMessage(error instanceof ApiError ? error.message : '锁定号源失败，请稍后重试');
      if (error instanceof ApiError && error.state !== undefined && SLOT_GONE_STATES.has(error.state))
        onGone();
    } finally {
      busy.current = false;
      setLocking(null);
    }
  };

  return { lock, message, locking };
}
