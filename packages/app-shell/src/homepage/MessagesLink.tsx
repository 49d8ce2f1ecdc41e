import { api } from '@patient/api-client';
import { useAppState } from '@patient/app-state';
import { countUnreadNotifications } from '@patient/contract';
import { useHospitalConfig } from '@patient/hospital-config';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';

/**
 * 消息 with the unread count (feature-notifications' /messages), for a logged-in patient. Asked quietly each time
 * the homepage shows: a count that cannot be had is left out, never an error on the homepage.
 */
export function MessagesLink() {
  const config = useHospitalConfig();
  const hospitalId = useAppState((s) => s.hospitalId) ?? config.id;
  const [unread, setUnread] = useState<number | null>(null);
  useEffect(() => {
    if (!hospitalId) return;
    const controller = new AbortController();
    api
      .request(
        countUnreadNotifications,
        { query: { hospitalId } },
        { signal: controller.signal, silent: true },
      )
      .then(
        (answer) => setUnread(answer.unread),
        () => undefined,
      );
    return () => controller.abort();
  }, [hospitalId]);
  const shown = unread === null || unread === 0 ? null : unread > 99 ? '99+' : String(unread);
  return (
    <Link to="/messages" className="hp-user__action hp-messages" data-testid="messages-link">
      消息
      {shown && (
        <span className="hp-messages__badge">
          {shown}
          <span className="hp-visually-hidden">条未读</span>
        </span>
      )}
    </Link>
  );
}
