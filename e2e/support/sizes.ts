import type { Page } from '@playwright/test';

/** Size thresholds of one mode, in CSS px at a 375 px wide screen. */
export interface SizeThresholds {
  /** Smallest font size of any visible text. */
  text: number;
  /** Smallest font size of a visible heading (h1–h6, role=heading). */
  heading: number;
  /** Smallest line height, as a multiple of the font size. */
  lineHeight: number;
  /** Smallest width and height of a visible interactive element. */
  target: number;
}

/** Normal mode: nothing under 12 px, 44 px targets (the scale of packages/ui-kit/src/styles.css). */
export const NORMAL: SizeThresholds = { text: 12, heading: 12, lineHeight: 1.3, target: 44 };

/** Elder mode: the MIIT guideline's 18 dp body text, 30 dp headings and 60 dp targets; line height 1.3. */
export const ELDER: SizeThresholds = { text: 18, heading: 30, lineHeight: 1.3, target: 60 };

/** The smallest of each measure on one screen, and what broke a threshold. */
export interface SizeReport {
  minText: number;
  minHeading: number;
  minLineHeight: number;
  minTargetWidth: number;
  minTargetHeight: number;
  scrollWidth: number;
  clientWidth: number;
  offenders: string[];
}

/** What counts as an interactive element: its own box is what a finger has to hit. */
const TARGETS =
  'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="radio"], [role="tab"], [role="checkbox"], [role="switch"], [role="link"], label';

/**
 * Measures the current screen in the page: visible text and heading font sizes, line heights, the bounding
 * boxes of interactive elements (a label counts when it labels a form control) and horizontal scrolling.
 */
export function measureSizes(page: Page, limits: SizeThresholds): Promise<SizeReport> {
  return page.evaluate(
    ({ limits, targets }) => {
      const offenders: string[] = [];
      const describe = (el: Element, text?: string) => {
        const label = (text ?? el.getAttribute('aria-label') ?? el.textContent ?? '')
          .trim()
          .replace(/\s+/g, ' ');
        const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(' ')[0]}` : '';
        return `<${el.tagName.toLowerCase()}${cls}> "${label.slice(0, 24)}"`;
      };
      const visible = (el: Element) => {
        if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
        const r = el.getBoundingClientRect();
        // Visually hidden (clipped to 1 px) elements are for screen readers only.
        return r.width > 1 && r.height > 1;
      };
      let minText = Infinity;
      let minHeading = Infinity;
      let minLineHeight = Infinity;
      let minTargetWidth = Infinity;
      let minTargetHeight = Infinity;

      const textParents = new Set<Element>();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !node.textContent?.trim() || parent.closest('script, style, noscript')) continue;
        if (textParents.has(parent) || !visible(parent)) continue;
        textParents.add(parent);
      }
      const TEXT_CONTROLS = 'input:not([type="hidden"], [type="checkbox"], [type="radio"]), textarea, select';
      for (const el of Array.from(document.querySelectorAll(TEXT_CONTROLS))) {
        if (visible(el)) textParents.add(el);
      }
      for (const el of textParents) {
        const style = getComputedStyle(el);
        const size = Number.parseFloat(style.fontSize);
        const text = el instanceof HTMLInputElement ? el.value || el.placeholder : undefined;
        minText = Math.min(minText, size);
        if (size < limits.text) offenders.push(`text ${size}px ${describe(el, text)}`);
        const ratio = style.lineHeight === 'normal' ? 0 : Number.parseFloat(style.lineHeight) / size;
        // One-line controls centre their text in their own box; their line height does not space lines.
        if (el.matches('input, select')) continue;
        minLineHeight = Math.min(minLineHeight, ratio);
        // 1.3 × 18 px is 23.4 px: allow for the rounding of the division.
        if (ratio < limits.lineHeight - 0.005) {
          offenders.push(`line-height ${style.lineHeight} at ${size}px ${describe(el, text)}`);
        }
      }
      for (const el of Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]'))) {
        if (!visible(el)) continue;
        const size = Number.parseFloat(getComputedStyle(el).fontSize);
        minHeading = Math.min(minHeading, size);
        if (size < limits.heading) offenders.push(`heading ${size}px ${describe(el)}`);
      }
      // Half a pixel of rounding (rem sizes at a fractional root font size) is not a smaller target.
      const sizeOf = (el: Element) => {
        const r = el.getBoundingClientRect();
        return { width: Math.round(r.width * 2) / 2, height: Math.round(r.height * 2) / 2 };
      };
      for (const el of Array.from(document.querySelectorAll(targets))) {
        if (el instanceof HTMLLabelElement && !el.control) continue;
        if (!visible(el)) continue;
        // A checkbox or radio button is hit through its label: the label is the target.
        if (
          el instanceof HTMLInputElement &&
          (el.type === 'checkbox' || el.type === 'radio') &&
          Array.from(el.labels ?? []).some((label) => {
            const box = sizeOf(label);
            return box.width >= limits.target && box.height >= limits.target;
          })
        ) {
          continue;
        }
        const { width, height } = sizeOf(el);
        minTargetWidth = Math.min(minTargetWidth, width);
        minTargetHeight = Math.min(minTargetHeight, height);
        if (width < limits.target || height < limits.target) {
          offenders.push(`target ${width}×${height} ${describe(el)}`);
        }
      }
      const root = document.scrollingElement ?? document.documentElement;
      if (root.scrollWidth > root.clientWidth) {
        offenders.push(`horizontal scrolling: ${root.scrollWidth} > ${root.clientWidth}`);
      }
      return {
        minText,
        minHeading,
        minLineHeight,
        minTargetWidth,
        minTargetHeight,
        scrollWidth: root.scrollWidth,
        clientWidth: root.clientWidth,
        offenders,
      };
    },
    { limits, targets: TARGETS },
  );
}

/** The element of the screen at the current address (the shell marks each screen with `data-screen`). */
export const CURRENT_SCREEN = () => {
  const here = [window.location.pathname, decodeURI(window.location.pathname)];
  return Array.from(document.querySelectorAll<HTMLElement>('#root [data-screen]')).find(
    (el) => !el.hidden && here.includes(el.dataset.screen ?? ''),
  );
};

/** Navigates in-app (pushState and popstate, as routes.spec.ts does) and waits for the new screen. */
export async function openScreen(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction(CURRENT_SCREEN, undefined, { timeout: 10_000 });
}

/**
 * Waits until the screen has settled: no boot placeholder or loading indicator, and no request (API call or
 * lazily loaded code) in flight for a moment.
 */
export async function settled(page: Page, inFlight: () => number): Promise<void> {
  const busy =
    '#root .boot, #root[data-prerendered], .pk-loading, .pk-inline-loading, .rv-loading, [aria-busy="true"]';
  const idle = () =>
    page
      .waitForFunction(
        // Kept-alive screens stay mounted, hidden: only what is shown counts.
        (selector) => !Array.from(document.querySelectorAll(selector)).some((el) => el.checkVisibility()),
        busy,
        { timeout: 10_000 },
      )
      .catch(async (error: Error) => {
        const still = await page.evaluate(
          (selector) =>
            Array.from(document.querySelectorAll(selector)).find((el) => el.checkVisibility())?.outerHTML,
          busy,
        );
        throw new Error(`${page.url()} still busy: ${still?.slice(0, 300)}`, { cause: error });
      });
  await idle();
  let quietSince = Date.now();
  const deadline = Date.now() + 10_000;
  while (Date.now() - quietSince < 100 && Date.now() < deadline) {
    if (inFlight() > 0) quietSince = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await idle();
}

/** Counts the page's requests in flight (for settled). */
export function trackRequests(page: Page): () => number {
  const pending = new Set<unknown>();
  page.on('request', (r) => pending.add(r));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  return () => pending.size;
}
