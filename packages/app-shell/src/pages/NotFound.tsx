import { EmptyState } from '@patient/ui-kit';
import { Link } from 'react-router-dom';
import '../shell.css';

/** Any address the app does not know. */
export default function NotFound() {
  return (
    <main className="shell-page">
      <EmptyState text="您访问的页面不存在">
        <Link className="shell-button" to="/homepage" replace>
          返回首页
        </Link>
      </EmptyState>
    </main>
  );
}
