import { EmptyState } from '@patient/ui-kit';
import { Link } from 'react-router-dom';
import '../shell.css';

/** A full-screen message with the way back to the homepage (not found, offline, coming soon). */
export function ShellMessage({ text }: { text: string }) {
  return (
    <main className="shell-page">
      <EmptyState text={text}>
        <Link className="shell-button" to="/homepage" replace>
          返回首页
        </Link>
      </EmptyState>
    </main>
  );
}
