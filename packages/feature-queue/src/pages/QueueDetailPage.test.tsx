import { renderAt, setupFeature } from '@patient/feature-kit/testing';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QUEUE_ROUTES } from '../paths.ts';
import {
  bodyShows,
  FakeEventSource,
  harness,
  makeQueue,
  pause,
  sent,
  withFakeEventSource,
} from '../testing.tsx';
import CallingScreenPage from './CallingScreenPage.tsx';
import QueueDetailPage from './QueueDetailPage.tsx';

const ctx = setupFeature(harness);
withFakeEventSource();
const routes = {
  [QUEUE_ROUTES.detail]: <QueueDetailPage />,
  [QUEUE_ROUTES.play]: <CallingScreenPage />,
};

describe('QueueDetailPage', () => {
  it('shows the number called, the next ones, the latest calls and a newcomer’s wait', async () => {
    renderAt(routes, '/realqueue/detail/12/心血管内科');
    const now = await screen.findByRole('region', { name: '心血管内科当前叫号' });
    expect(now.textContent).toContain('17');
    expect(screen.getByRole('list', { name: '即将叫号' }).textContent).toBe('18号19号20号');
    expect(document.body.textContent).toContain('约 25–36 分钟');
    expect(document.body.textContent).toContain('按近 6 次叫号的速度（平均每 5 分钟一位）估算');
    expect(screen.getByText('16号').nextSibling?.textContent).toBe('09:25');
    expect(FakeEventSource.latest().url).toBe('/hospital-service/v1/queue/events/1000?queueId=12');
    act(() => FakeEventSource.latest().emit('call', makeQueue({ calledNumber: 18, next: [19, 20] })));
    await bodyShows('19号20号');
  });

  it('refuses a malformed queue id without asking the service', async () => {
    renderAt(routes, '/realqueue/detail/abc/x');
    await bodyShows('页面链接中的队列编号有误');
    await pause();
    expect(sent(ctx.server)).toEqual([]);
  });
});

describe('CallingScreenPage', () => {
  it('speaks each new call in Chinese once the voice is turned on', async () => {
    const spoken: { text: string; lang: string }[] = [];
    class Utterance {
      lang = '';
      rate = 1;
      constructor(readonly text: string) {}
    }
    vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
    Object.defineProperty(window, 'speechSynthesis', {
      configurable: true,
      value: { cancel: () => {}, speak: (u: Utterance) => spoken.push({ text: u.text, lang: u.lang }) },
    });
    try {
      renderAt(routes, '/realqueue/detailPlay/12/心血管内科');
      await bodyShows('请到 门诊楼2层 B区');
      expect(spoken).toEqual([]);
      await act(async () => screen.getByRole('button', { name: '开启语音播报' }).click());
      expect(spoken).toEqual([{ text: '请17号，到门诊楼2层 B区就诊', lang: 'zh-CN' }]);
      act(() => FakeEventSource.latest().emit('call', makeQueue({ calledNumber: 18 })));
      await bodyShows('18号');
      expect(spoken.at(-1)?.text).toBe('请18号，到门诊楼2层 B区就诊。请18号，到门诊楼2层 B区就诊');
    } finally {
      Reflect.deleteProperty(window, 'speechSynthesis');
      vi.unstubAllGlobals();
    }
  });

  it('says so where the browser cannot speak', async () => {
    renderAt(routes, '/realqueue/detailPlay/12/心血管内科');
    await bodyShows('当前浏览器不支持语音播报，请留意屏幕上的号码');
  });
});
