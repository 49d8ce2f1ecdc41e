import { ShellMessage } from './ShellMessage.tsx';

/** Any address the app does not know. */
export default function NotFound() {
  return <ShellMessage kind="not-found" text="您访问的页面不存在" />;
}
