import { afterEach, describe, expect, it } from 'vitest';
import {
  alert,
  confirm,
  hideLoading,
  isLoading,
  LAYER_BASE,
  showLoading,
  TOAST_REGION_ID,
  toast,
  withLoading,
} from './feedback.ts';
import { setElderMode } from './theme.ts';

const text = () => document.body.textContent ?? '';
const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

afterEach(() => {
  while (isLoading()) hideLoading();
});

describe('loading overlay', () => {
  it('blocks the page at the base layer until every show has its hide', () => {
    showLoading();
    showLoading('提交中...');
    const overlay = document.querySelector<HTMLElement>('.pk-loading')!;
    expect(overlay.style.zIndex).toBe(String(LAYER_BASE));
    expect(overlay.textContent).toBe('加载中...');
    hideLoading();
    expect(isLoading()).toBe(true);
    hideLoading();
    expect(document.querySelector('.pk-loading')).toBeNull();
  });

  it('withLoading hides the overlay even when the task fails', async () => {
    await expect(withLoading(() => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(isLoading()).toBe(false);
  });
});

describe('toast and dialogs', () => {
  it('shows a toast text in a live region (screen readers read it out)', async () => {
    await toast('网络资源未找到');
    await waitFor(() => text().includes('网络资源未找到'));
    const region = document.getElementById(TOAST_REGION_ID)!;
    expect(region.getAttribute('role')).toBe('status');
    expect(region.textContent).toContain('网络资源未找到');
  });

  it('in elder mode a toast does not time out: it stays until the next tap anywhere', async () => {
    setElderMode(true);
    try {
      await toast('验证码已发送', 20);
      const shown = () => document.querySelector<HTMLElement>('.pk-toast--persistent');
      await waitFor(() => shown() !== null && text().includes('验证码已发送'));
      await new Promise((r) => setTimeout(r, 150));
      expect(shown()!.style.display).not.toBe('none');
      document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      await waitFor(() => shown()?.style.display === 'none');
    } finally {
      setElderMode(false);
    }
  });

  it('outside elder mode a toast closes after its duration', async () => {
    await toast('已退出登录', 20);
    const shown = () =>
      [...document.querySelectorAll<HTMLElement>('.rv-toast')].find((t) => t.textContent === '已退出登录');
    await waitFor(() => shown() !== undefined);
    expect(shown()!.classList.contains('pk-toast--persistent')).toBe(false);
    await waitFor(() => shown()?.style.display === 'none');
  });

  it('alert is an alertdialog named by its title, holds the focus, resolves when its button is pressed', async () => {
    const opener = document.body.appendChild(document.createElement('button'));
    opener.focus();
    const closed = alert({ title: '封禁提示', message: '账号已被封禁', confirmText: '我知道了' });
    await waitFor(() => text().includes('封禁提示'));
    expect(text()).toContain('账号已被封禁');
    const layer = document.querySelector('[role="alertdialog"][aria-label="封禁提示"]')!;
    expect(layer.querySelector('.rv-dialog')).toBeTruthy();
    expect(document.activeElement).toBe(layer);
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('我知道了'))!;
    button.click();
    await expect(closed).resolves.toBeUndefined();
    await waitFor(() => !layer.isConnected);
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('confirm resolves false on cancel and true on confirm', async () => {
    const buttons = (label: string) =>
      [...document.querySelectorAll('button')].filter((b) => b.textContent === label);
    const pick = async (label: string) => {
      const before = buttons(label).length;
      const answer = confirm({ title: '删除就诊人', message: '确定删除吗？', danger: true });
      await waitFor(() => buttons(label).length > before);
      buttons(label).at(-1)!.click();
      return answer;
    };
    expect(await pick('取消')).toBe(false);
    expect(await pick('确定')).toBe(true);
  });
});
