import { useRouteMeta } from '../route-page.tsx';
import { ShellMessage } from './ShellMessage.tsx';

/** A spec route whose feature is not built yet: says so plainly instead of failing. */
export default function ComingSoon() {
  return (
    <ShellMessage kind="coming-soon" text={`“${useRouteMeta()?.title ?? '该服务'}”即将上线，敬请期待`} />
  );
}
