import { EmptyState } from '@patient/ui-kit';
import { Link, useMatches } from 'react-router-dom';
import type { ShellHandle } from '../routes.tsx';
import '../shell.css';

/** A spec route whose feature is not built yet: says so plainly instead of failing. */
export default function ComingSoon() {
  const handle = useMatches().at(-1)?.handle as ShellHandle | undefined;
  return (
    <main className="shell-page">
      <EmptyState text={`“${handle?.meta.title ?? '该服务'}”即将上线，敬请期待`}>
        <Link className="shell-button" to="/homepage" replace>
          返回首页
        </Link>
      </EmptyState>
    </main>
  );
}
