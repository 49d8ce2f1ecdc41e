import { configure } from '@testing-library/react';

// Lazy pages and react-vant's lazily loaded toasts take longer than the 1 s default on a busy 2-core CI machine.
configure({ asyncUtilTimeout: 5000 });
