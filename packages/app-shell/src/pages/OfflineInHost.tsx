import { EmptyState } from '@patient/ui-kit';
import '../shell.css';

/** The only screen of a hospital that has taken its service offline inside the payment-app mini-program. */
export function OfflineInHost() {
  return (
    <main>
      <h1 className="shell-title">服务已下线</h1>
      <EmptyState text="该服务已下线" paddingTop={160} />
    </main>
  );
}
