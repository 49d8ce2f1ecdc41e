import { api, isCancelled } from '@patient/api-client';
import { useAppState } from '@patient/app-state';
import {
  type AppointmentOrder,
  type AppointmentStatus,
  listOrders,
  onlineBookingOpen,
} from '@patient/contract';
import { errorText, LoadError, useContacts } from '@patient/feature-kit';
import { EmptyState, Spinner } from '@patient/ui-kit';
import { maskName } from '@patient/validation';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { OrderCard } from '../orders/OrderCard.tsx';
import { NEW_BOOKING_PATH, ORDER_LIST_PATH } from '../orders/paths.ts';
import { STATUS_TABS } from '../orders/status.ts';
import { ChoiceGroup } from '../orders/views.tsx';
import '@patient/feature-kit/base.css';
import '../orders/orders.css';

interface Pages {
  orders: AppointmentOrder[];
  /** The last page loaded (0: none yet). */
  page: number;
  hasMore: boolean;
  /** loading: the first page (or a refresh) is on its way; more: the next page is. */
  state: 'loading' | 'ready' | 'error' | 'more' | 'more-error';
  error: unknown;
}

const fetchPageKey = (status: string | undefined, contactId: string | undefined) =>
  `${status ?? ''}/${contactId ?? ''}`;

const EMPTY: Pages = { orders: [], page: 0, hasMore: false, state: 'loading', error: null };

/** The orders of a filter, page by page; a refresh loads page 1 again and keeps the list on screen meanwhile. */
function useOrderPages(status: AppointmentStatus | undefined, contactId: string | undefined) {
  const [pages, setPages] = useState<Pages>(EMPTY);
  const [round, setRound] = useState(0);
  const current = useRef<AbortController | null>(null);
  const loadedFor = useRef(fetchPageKey(status, contactId));

  const fetchPage = useCallback(
    (page: number, signal: AbortSignal) =>
      api.request(listOrders, { body: { status, contactId, page } }, { signal }),
    [status, contactId],
  );

  useEffect(() => {
    const controller = new AbortController();
    current.current?.abort();
    current.current = controller;
    // Another filter forgets the list of the previous one; a refresh keeps it on screen meanwhile.
    const key = fetchPageKey(status, contactId);
    const same = loadedFor.current === key;
    loadedFor.current = key;
    setPages((p) => (same ? { ...p, state: 'loading', error: null } : EMPTY));
    fetchPage(1, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        setPages({ orders: result.orders, page: 1, hasMore: result.hasMore, state: 'ready', error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isCancelled(error)) return;
        setPages((p) => ({ ...p, state: 'error', error }));
      },
    );
    return () => controller.abort();
  }, [fetchPage, round]);

  const loadMore = useCallback(() => {
    if (pages.state !== 'ready' && pages.state !== 'more-error') return;
    if (!pages.hasMore) return;
    const controller = new AbortController();
    current.current = controller;
    setPages((p) => ({ ...p, state: 'more', error: null }));
    fetchPage(pages.page + 1, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        setPages((p) => {
          const seen = new Set(p.orders.map((o) => o.orderId));
          return {
            orders: [...p.orders, ...result.orders.filter((o) => !seen.has(o.orderId))],
            page: p.page + 1,
            hasMore: result.hasMore,
            state: 'ready',
            error: null,
          };
        });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isCancelled(error)) return;
        setPages((p) => ({ ...p, state: 'more-error', error }));
      },
    );
  }, [pages, fetchPage]);

  useEffect(() => () => current.current?.abort(), []);
  const refresh = useCallback(() => setRound((n) => n + 1), []);
  return { pages, loadMore, refresh };
}

/**
 * 预约记录 (/appointmentList, kept alive): the account's appointments, newest first, filtered by status and
 * contact, page by page; each with its status, what to do next and, while unpaid, the time left. Coming back
 * to the kept-alive screen loads it again, so that a payment or a cancel made meanwhile shows.
 */
export default function AppointmentListPage() {
  const [tab, setTab] = useState(0);
  const [contactId, setContactId] = useState<string | undefined>(undefined);
  const { contacts } = useContacts();
  const { pages, loadMore, refresh } = useOrderPages(STATUS_TABS[tab].status, contactId);

  const { pathname } = useLocation();
  const visible = pathname === ORDER_LIST_PATH;
  const wasVisible = useRef(visible);
  useEffect(() => {
    if (visible && !wasVisible.current) refresh();
    wasVisible.current = visible;
  }, [visible, refresh]);

  const refreshing = pages.state === 'loading' && pages.page > 0;
  const bookingOpen = useAppState((s) => onlineBookingOpen(s.systemParam));
  let body: ReactNode;
  if (pages.page === 0 && pages.state === 'error') {
    body = <LoadError error={pages.error} text="预约记录加载失败" onRetry={refresh} />;
  } else if (pages.page === 0) {
    body = <Spinner text="正在加载预约记录..." />;
  } else if (pages.orders.length === 0) {
    body = (
      <EmptyState text={tab === 0 ? '还没有预约记录' : `没有${STATUS_TABS[tab].label}的预约`}>
        {bookingOpen && (
          <Link className="fk-button fk-button--primary fk-button--inline" to={NEW_BOOKING_PATH}>
            去预约挂号
          </Link>
        )}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul className="ao-orders" aria-label="预约列表">
          {pages.orders.map((order) => (
            <li key={order.orderId}>
              <OrderCard order={order} />
            </li>
          ))}
        </ul>
        <div className="fk-actions">
          {pages.state === 'more' && <Spinner text="正在加载更多..." />}
          {pages.state === 'more-error' && (
            <p className="ao-error" role="alert">
              {errorText(pages.error, '加载更多失败')}
            </p>
          )}
          {pages.hasMore && pages.state !== 'more' && (
            <button type="button" className="fk-button" onClick={loadMore}>
              {pages.state === 'more-error' ? '重试加载更多' : '加载更多'}
            </button>
          )}
          {!pages.hasMore && <p className="fk-muted ao-end">没有更多了</p>}
        </div>
      </>
    );
  }

  return (
    <div className="fk-page">
      <div className="fk-tabs" role="tablist" aria-label="预约状态">
        {STATUS_TABS.map((t, i) => (
          <button
            key={t.label}
            type="button"
            role="tab"
            aria-selected={i === tab}
            className="fk-tab"
            onClick={() => setTab(i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="ao-toolbar">
        {contacts.length > 1 ? (
          <ChoiceGroup
            label="按就诊人筛选"
            name="contact-filter"
            row
            small
            value={contactId ?? ''}
            onChange={(id) => setContactId(id === '' ? undefined : id)}
            options={[
              { value: '', text: '全部就诊人' },
              ...contacts.map((c) => ({ value: c.contactId, text: maskName(c.contactDO.name) })),
            ]}
          />
        ) : (
          <span />
        )}
        <button
          type="button"
          className="fk-text-button"
          onClick={refresh}
          disabled={pages.state === 'loading'}
        >
          {refreshing ? '刷新中...' : '刷新'}
        </button>
      </div>
      {body}
    </div>
  );
}
