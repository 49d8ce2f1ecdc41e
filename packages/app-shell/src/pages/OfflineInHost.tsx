import { EmptyState } from '@patient/ui-kit';

/** The only screen of a hospital that has taken its service offline inside the payment-app mini-program. */
export function OfflineInHost() {
  return (
    <main>
      <EmptyState text="该服务已下线" paddingTop={160} />
    </main>
  );
}
