import { configure } from '@testing-library/react';
import { afterAll, vi } from 'vitest';

// Lazy pages and react-vant's lazily loaded toasts take longer than the 1 s default on a busy 2-core CI machine.
configure({ asyncUtilTimeout: 5000 });

// react-vant's dialogs and toasts animate out on timers (about 300 ms) after a test closed them, outside
// React Testing Library's cleanup. Let them finish before the file's environment is torn down, or their last
// setState runs with no window and fails the run.
afterAll(async () => {
  vi.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve, 600));
});
