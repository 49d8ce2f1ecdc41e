import { EmptyState } from '@patient/ui-kit';
import { Link } from 'react-router-dom';
import { useRouteMeta } from '../route-page.tsx';
import '../shell.css';

/** A spec route whose feature is not built yet: says so plainly instead of failing. */
export default function ComingSoon() {
  const title = useRouteMeta()?.title ?? '该服务';
  return (
    <main className="shell-page">
      <EmptyState text={`“${title}”即将上线，敬请期待`}>
        <Link className="shell-button" to="/homepage" replace>
          返回首页
        </Link>
      </EmptyState>
    </main>
  );
}
