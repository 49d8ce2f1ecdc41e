import { api } from '@patient/api-client';
import { listCheckupReminders } from '@patient/contract';
import { RemotePage, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { Link, useParams } from 'react-router-dom';
import { LIST_PATH, reminderPath } from '../params.ts';
import '@patient/feature-kit/base.css';
import '../checkup.css';

/** The reminder for every examination, shown under the one of a type. */
export const GENERAL_REMINDER = 'GENERAL';

type Reminder = { id: string; title: string; content: string[] };

function ReminderCard({ reminder }: { reminder: Reminder }) {
  return (
    <section className="ck-reminder" aria-label={reminder.title}>
      <h2 className="fk-section-title">{reminder.title}</h2>
      <ol className="ck-notices">
        {reminder.content.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ol>
    </section>
  );
}

/**
 * 检查须知 (/checkAppointRemind/:id): the preparation reminder of an examination type (id: the request's
 * xmlxid, CT, MR, US, ES), with the general check-up reminder under it. An unknown id says so and lists what
 * there is.
 */
export default function CheckupReminderPage() {
  const { id = '' } = useParams();
  const valid = /^[A-Za-z0-9_-]{1,16}$/.test(id);
  const reminders = useRemote(
    valid ? (signal) => api.request(listCheckupReminders, {}, { signal }) : null,
    id,
  );

  if (!valid) {
    return (
      <div className="fk-page">
        <EmptyState text="页面链接中的检查类别有误，请返回检查预约列表重新进入">
          <Link to={LIST_PATH} className="fk-button fk-button--primary fk-button--inline" replace>
            返回检查预约
          </Link>
        </EmptyState>
      </div>
    );
  }
  if (reminders.data === null) {
    return <RemotePage remote={reminders} loading="正在加载检查须知..." failed="检查须知加载失败" />;
  }

  const wanted = reminders.data.find((r) => r.id === id);
  const general = id === GENERAL_REMINDER ? undefined : reminders.data.find((r) => r.id === GENERAL_REMINDER);
  const others = reminders.data.filter((r) => r.id !== GENERAL_REMINDER && r.id !== id);
  return (
    <div className="fk-page">
      {wanted ? (
        <ReminderCard reminder={wanted} />
      ) : (
        <EmptyState text="未找到该检查的须知，请查看下方的通用须知或其他检查须知" paddingTop={24} />
      )}
      {general && <ReminderCard reminder={general} />}
      {!wanted && others.length > 0 && (
        <nav className="fk-card" aria-label="其他检查须知">
          {others.map((r) => (
            <Link key={r.id} className="fk-text-button" to={reminderPath(r.id)} replace>
              {r.title}
            </Link>
          ))}
        </nav>
      )}
    </div>
  );
}
