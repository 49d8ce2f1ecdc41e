import { appStore } from '@patient/app-state';
import { ok, renderAt, sent, setupLoopback } from '@patient/feature-kit/testing';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessagesLink } from './MessagesLink.tsx';

let unread: number | null = 3;
const loopback = setupLoopback({
  reset: () =>
    appStore.getState().update((s) => {
      s.hospitalId = '1000';
    }),
  prepare: (server) => {
    unread = 3;
    server.handle(() =>
      unread === null
        ? {
            status: 502,
            body: { state: 502, msg: '医院服务暂时无法连接', subMsg: null, subCode: null, results: null },
          }
        : ok({ unread }),
    );
  },
});

describe('MessagesLink', () => {
  it('shows the unread count of this hospital and leads to the inbox', async () => {
    renderAt({ '/homepage': <MessagesLink /> }, '/homepage');
    const link = await screen.findByRole('link', { name: '消息3条未读' });
    expect(link.getAttribute('href')).toBe('/messages');
    expect(sent(loopback.server)).toEqual(['GET /v1/notifications/unread']);
    expect(loopback.server.received[0].query.get('hospitalId')).toBe('1000');
  });

  it('leaves the count out when there is none or it cannot be had, with no error shown', async () => {
    unread = null;
    renderAt({ '/homepage': <MessagesLink /> }, '/homepage');
    await waitFor(() => expect(sent(loopback.server)).toHaveLength(1));
    expect(screen.getByRole('link', { name: '消息' }).textContent).toBe('消息');
    expect(loopback.toasts).toEqual([]);
  });
});
