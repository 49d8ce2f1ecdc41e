/**
 * Imperative feedback: toasts, dialogs and the blocking loading overlay. Every imperative UI call of the
 * product goes through here. react-vant's Toast and Dialog render with ReactDOM.render (React 18 only), and are
 * loaded on first use so that the homepage does not carry them.
 */

import { isElderMode } from './theme.ts';

/** Layering base of dialogs, popups and the loading overlay (000 §9); react-vant's popups count up from it too. */
export const LAYER_BASE = 2000;
/** Default toast duration (000 §9). */
export const TOAST_DURATION = 2000;

const loadToast = () => import('react-vant/es/toast/index.js').then((m) => m.Toast);
const loadDialog = () => import('react-vant/es/dialog/index.js').then((m) => m.Dialog);

/** Loads the toast and dialog code ahead of their first use (tests, or an idle moment after the first paint). */
export async function preloadFeedback(): Promise<void> {
  await Promise.all([loadToast(), loadDialog()]);
}

/** The id of the live region toasts render in. */
export const TOAST_REGION_ID = 'pk-toasts';

/**
 * The polite live region toasts render in (react-vant's toast has no role, so screen readers would not read it
 * and it would be content outside any landmark). Made before the toast's code loads, so it is there first.
 */
function toastRegion(): HTMLElement {
  let region = document.getElementById(TOAST_REGION_ID);
  if (!region) {
    region = document.createElement('div');
    region.id = TOAST_REGION_ID;
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    document.body.appendChild(region);
  }
  return region;
}

/**
 * A layer for one dialog: react-vant's has no role, so the layer is the alertdialog named by its title, takes
 * the focus while it is open and gives it back after.
 */
function dialogLayer(title: string): { teleport: HTMLElement; onClosed(): void } {
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const layer = document.createElement('div');
  layer.setAttribute('role', 'alertdialog');
  layer.setAttribute('aria-modal', 'true');
  layer.setAttribute('aria-label', title);
  layer.tabIndex = -1;
  document.body.appendChild(layer);
  layer.focus({ preventScroll: true });
  return {
    teleport: layer,
    onClosed() {
      layer.remove();
      if (previous?.isConnected) previous.focus({ preventScroll: true });
    },
  };
}

let dismissPersistent: (() => void) | null = null;

/**
 * Shows a short text toast; resolves once it is on screen. In elder mode nothing times out: the toast stays
 * until the next tap or key press anywhere (or the next toast), and lets taps through to the page under it.
 */
export async function toast(message: string, duration: number = TOAST_DURATION): Promise<void> {
  const region = toastRegion();
  const Toast = await loadToast();
  dismissPersistent?.();
  // One toast at a time: react-vant closes the previous one itself (calling Toast.clear() here would close
  // the new one too, on the next tick).
  if (!isElderMode()) {
    Toast({ message, duration, forbidClick: false, teleport: () => region });
    return;
  }
  const shown = Toast({
    message,
    duration: 0,
    forbidClick: false,
    className: 'pk-toast--persistent',
    teleport: () => region,
  });
  const dismiss = () => {
    document.removeEventListener('pointerdown', dismiss, true);
    document.removeEventListener('keydown', dismiss, true);
    if (dismissPersistent === dismiss) dismissPersistent = null;
    shown?.clear();
  };
  dismissPersistent = dismiss;
  document.addEventListener('pointerdown', dismiss, true);
  document.addEventListener('keydown', dismiss, true);
}

export interface AlertOptions {
  title: string;
  message: string;
  confirmText?: string;
}

/** A one-button dialog; resolves when it is closed. */
export async function alert({ title, message, confirmText = '我知道了' }: AlertOptions): Promise<void> {
  const Dialog = await loadDialog();
  await Dialog.alert({ title, message, confirmButtonText: confirmText, ...dialogLayer(title) });
}

export interface ConfirmOptions extends AlertOptions {
  cancelText?: string;
  /** Marks a destructive action (delete, cancel an order): the confirm button turns red. */
  danger?: boolean;
}

/** A confirm dialog for anything destructive; resolves true when confirmed. */
export async function confirm({
  title,
  message,
  confirmText = '确定',
  cancelText = '取消',
  danger = false,
}: ConfirmOptions): Promise<boolean> {
  const Dialog = await loadDialog();
  try {
    await Dialog.confirm({
      title,
      message,
      confirmButtonText: confirmText,
      cancelButtonText: cancelText,
      confirmButtonColor: danger ? 'var(--color-danger)' : undefined,
      ...dialogLayer(title),
    });
    return true;
  } catch {
    return false;
  }
}

let loadingCount = 0;
let overlay: HTMLElement | null = null;

/**
 * Shows the loading overlay: it blocks every click and never times out. Calls nest; the overlay goes when
 * every showLoading has its hideLoading.
 */
export function showLoading(text = '加载中...'): void {
  loadingCount += 1;
  if (overlay) return;
  overlay = document.createElement('div');
  overlay.className = 'pk-loading';
  overlay.setAttribute('role', 'alert');
  overlay.setAttribute('aria-busy', 'true');
  overlay.style.zIndex = String(LAYER_BASE);
  overlay.innerHTML =
    '<div class="pk-loading__box"><span class="pk-spinner"></span><span class="pk-loading__text"></span></div>';
  overlay.querySelector('.pk-loading__text')!.textContent = text;
  document.body.appendChild(overlay);
}

export function hideLoading(): void {
  loadingCount = Math.max(0, loadingCount - 1);
  if (loadingCount === 0 && overlay) {
    overlay.remove();
    overlay = null;
  }
}

/** Runs `task` behind the loading overlay. */
export async function withLoading<T>(task: () => Promise<T>, text?: string): Promise<T> {
  showLoading(text);
  try {
    return await task();
  } finally {
    hideLoading();
  }
}

/** Whether the overlay is showing (for tests and diagnostics). */
export function isLoading(): boolean {
  return overlay !== null;
}
