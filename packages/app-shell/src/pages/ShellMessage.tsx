import { EmptyState } from '@patient/ui-kit';
import { Link } from 'react-router-dom';
import '../shell.css';

/** Which shell screen a message is: tests find the 即将上线 placeholder by `data-shell-message="coming-soon"`. */
export type ShellMessageKind = 'coming-soon' | 'not-found' | 'offline';

/** A full-screen message with the way back to the homepage (not found, offline, coming soon). */
export function ShellMessage({ text, kind }: { text: string; kind: ShellMessageKind }) {
  return (
    <div className="shell-page" data-shell-message={kind}>
      <EmptyState text={text}>
        <Link className="shell-button" to="/homepage" replace>
          返回首页
        </Link>
      </EmptyState>
    </div>
  );
}
