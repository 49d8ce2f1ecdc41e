import { ApiError } from '@patient/api-client';
import { appStore } from '@patient/app-state';
import { testHospitalConfig } from '@patient/hospital-config/testing';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NeedsHospital, RemotePage, useHospitalRemote } from './page.tsx';
import { renderAt } from './testing.tsx';
import type { Remote } from './useRemote.ts';

afterEach(cleanup);

const remoteOf = <T,>(over: Partial<Remote<T>>): Remote<T> => ({
  status: 'loading',
  data: null,
  error: null,
  reload: () => {},
  set: () => {},
  ...over,
});

const page = (remote: Remote<string>, hospitalId?: string | null) =>
  renderAt(
    {
      '/x': (
        <RemotePage
          remote={remote}
          hospitalId={hospitalId}
          loading="正在加载消息..."
          failed="消息加载失败"
          notFound="未找到该消息"
        >
          {(text) => <p>内容：{text}</p>}
        </RemotePage>
      ),
    },
    '/x',
  );

describe('RemotePage', () => {
  it('shows a spinner while loading', () => {
    page(remoteOf({}));
    expect(screen.getByRole('status').textContent).toBe('正在加载消息...');
  });

  it('names what failed and retries', async () => {
    let retries = 0;
    page(remoteOf({ status: 'error', error: new Error('x'), reload: () => retries++ }));
    expect(document.body.textContent).toContain('消息加载失败');
    await act(async () => screen.getByRole('button', { name: '重新加载' }).click());
    expect(retries).toBe(1);
  });

  it('says not found for a 404 when the page names it', () => {
    const error = new ApiError('state', '不存在', { state: 404 });
    page(remoteOf({ status: 'error', error }));
    expect(document.body.textContent).toContain('未找到该消息');
    expect(screen.queryByRole('button', { name: '重新加载' })).toBeNull();
  });

  it('says that a hospital is needed, without loading', () => {
    page(remoteOf({ status: 'idle' }), null);
    expect(document.body.textContent).toContain('未选择医院，请从医院首页进入');
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('renders the data', () => {
    page(remoteOf({ status: 'ready', data: '你好' }), '1000');
    expect(document.body.textContent).toBe('内容：你好');
  });
});

describe('NeedsHospital and useHospitalRemote', () => {
  function Loaded() {
    const { hospitalId, remote } = useHospitalRemote(async (id) => `医院${id}`);
    return (
      <RemotePage remote={remote} hospitalId={hospitalId} failed="加载失败">
        {(text) => <p>{text}</p>}
      </RemotePage>
    );
  }

  it('gives the page its hospital, and loads with it', async () => {
    appStore.setState({ hospitalId: '1000' });
    renderAt({ '/x': <NeedsHospital>{(id) => <p>医院 {id}</p>}</NeedsHospital> }, '/x');
    expect(document.body.textContent).toBe('医院 1000');
    cleanup();
    renderAt({ '/y': <Loaded /> }, '/y');
    expect(await screen.findByText('医院1000')).toBeTruthy();
  });

  it('says a hospital is needed in the feature’s words', () => {
    appStore.setState({ hospitalId: null });
    renderAt(
      { '/x': <NeedsHospital text="未选择医院，请从医院首页进入预约">{() => <p>页面</p>}</NeedsHospital> },
      '/x',
      { config: testHospitalConfig({ id: null }) },
    );
    expect(document.body.textContent).toContain('未选择医院，请从医院首页进入预约');
    expect(document.body.textContent).not.toContain('页面');
  });
});
