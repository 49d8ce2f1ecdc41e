/// <reference lib="dom" />
import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy pages and react-vant's lazily loaded toasts take longer than the 1 s default on a busy 2-core CI machine.
configure({ asyncUtilTimeout: 5000 });

/** Where react-vant keeps the React root of a dialog or toast it rendered imperatively (utils/dom/render). */
const REACT_VANT_ROOT = '__react_vant_root__';

// react-vant renders Dialog.confirm and Toast into their own roots and unmounts them on timers (a toast up to
// four seconds after it appeared), outside React Testing Library's cleanup. A timer that fires after the file's
// environment is torn down fails the run with "window is not defined", and a toast left over from one test could
// answer the next test's assertion. Unmount them with the test that opened them, wherever they were put (ui-kit
// puts them in its toast live region and its alertdialog layers).
afterEach(() => {
  for (const container of Array.from(document.body.querySelectorAll('*'))) {
    const holder = container as unknown as Record<string, { unmount(): void } | undefined>;
    const root = holder[REACT_VANT_ROOT];
    if (!root) continue;
    root.unmount();
    delete holder[REACT_VANT_ROOT];
    const layer = container.parentElement;
    container.remove();
    if (layer?.getAttribute('role') === 'alertdialog') layer.remove();
  }
});
