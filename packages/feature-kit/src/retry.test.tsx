import { api } from '@patient/api-client';
import type { Reply } from '@patient/api-client/testing';
import { listContacts } from '@patient/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { onBackAgain } from './retry.ts';
import { ok, pause, renderAt, sent, setupLoopback } from './testing.tsx';
import { useRemote } from './useRemote.ts';
import { LoadError } from './views.tsx';

/** What the static server in front of the service answers while the service is down. */
const SERVICE_DOWN: Reply = {
  status: 502,
  body: { state: 502, msg: '医院服务暂时无法连接', subMsg: null, subCode: null, results: null },
};
const SESSION_GONE: Reply = { status: 401, body: { state: 401, msg: null, subMsg: null, subCode: null } };

/** The fake service: down, up (an empty contact list) or without a session. */
let answer: Reply = SERVICE_DOWN;
const loopback = setupLoopback({
  prepare: (server) => {
    answer = SERVICE_DOWN;
    server.handle(() => answer);
  },
});

/** A screen of the usual shape: useRemote for its data, LoadError naming what failed. */
function ContactsScreen() {
  const remote = useRemote((signal) => api.request(listContacts, { query: { time: '1' } }, { signal }), 'k');
  if (remote.status === 'error') {
    return <LoadError error={remote.error} text="就诊人加载失败" onRetry={remote.reload} />;
  }
  if (remote.status === 'ready') return <p>{`共 ${remote.data?.length} 位就诊人`}</p>;
  return <p>加载中</p>;
}

const requests = () => sent(loopback.server).filter((line) => line.startsWith('GET /contacts')).length;

let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
const becomeVisible = (state: DocumentVisibilityState) => {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
};
afterEach(() => {
  visibility = 'visible';
});

describe('an error screen retries by itself', () => {
  it('when the network comes back (online): the screen recovers without a tap', async () => {
    renderAt({ '/x': <ContactsScreen /> }, '/x');
    expect(await screen.findByText('就诊人加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
    expect(requests()).toBe(1);

    answer = ok([]);
    await pause(200);
    // Nothing polls the service meanwhile.
    expect(requests()).toBe(1);
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('共 0 位就诊人')).toBeTruthy();
    expect(requests()).toBe(2);

    // Recovered: coming back online again asks nothing more.
    window.dispatchEvent(new Event('online'));
    await pause(200);
    expect(requests()).toBe(2);
  });

  it('when the page becomes visible again, not when it is hidden', async () => {
    renderAt({ '/x': <ContactsScreen /> }, '/x');
    expect(await screen.findByText('就诊人加载失败')).toBeTruthy();

    becomeVisible('hidden');
    await pause(200);
    expect(requests()).toBe(1);

    // Still down when the patient comes back: the error stays, one more request was made.
    becomeVisible('visible');
    await waitFor(() => expect(requests()).toBe(2));
    expect(await screen.findByText('就诊人加载失败')).toBeTruthy();

    answer = ok([]);
    becomeVisible('hidden');
    becomeVisible('visible');
    expect(await screen.findByText('共 0 位就诊人')).toBeTruthy();
    expect(requests()).toBe(3);
  });

  it('the retry button still works', async () => {
    renderAt({ '/x': <ContactsScreen /> }, '/x');
    const button = await screen.findByRole('button', { name: '重新加载' });
    answer = ok([]);
    button.click();
    expect(await screen.findByText('共 0 位就诊人')).toBeTruthy();
  });

  it('not when the patient has to log in first', async () => {
    answer = SESSION_GONE;
    renderAt({ '/x': <ContactsScreen /> }, '/x');
    expect(await screen.findByText('请先登录后再查看')).toBeTruthy();
    window.dispatchEvent(new Event('online'));
    becomeVisible('visible');
    await pause(200);
    expect(requests()).toBe(1);
  });

  it('stops listening when the error screen is gone', async () => {
    renderAt({ '/x': <ContactsScreen />, '/y': <p>别处</p> }, '/x').navigate('/y');
    await pause(200);
    const before = requests();
    window.dispatchEvent(new Event('online'));
    await pause(200);
    expect(requests()).toBe(before);
  });
});

describe('onBackAgain', () => {
  it('calls back on online and on visible, until stopped', () => {
    const calls: string[] = [];
    const stop = onBackAgain(() => calls.push('retry'));
    window.dispatchEvent(new Event('online'));
    becomeVisible('hidden');
    becomeVisible('visible');
    expect(calls).toEqual(['retry', 'retry']);
    stop();
    window.dispatchEvent(new Event('online'));
    becomeVisible('visible');
    expect(calls).toHaveLength(2);
  });
});
