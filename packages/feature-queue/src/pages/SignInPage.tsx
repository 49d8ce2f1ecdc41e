import { api } from '@patient/api-client';
import { listSignIns, QUEUE_KIND_NAMES, type SignInItem, signIn } from '@patient/contract';
import {
  ContactPicker,
  ContactsPending,
  NoHospital,
  RemoteState,
  StatusBadge,
  useContacts,
  useRemote,
} from '@patient/feature-kit';
import { EmptyState, toast } from '@patient/ui-kit';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { KIND_TABS, SIGN_IN_LOOKS } from '../format.ts';
import { NO_HOSPITAL_MESSAGE, useHospitalId } from '../hospital.ts';
import { indexPath } from '../paths.ts';
import '@patient/feature-kit/base.css';
import '../queue.css';

/** One thing to sign in for: what, when, where; 签到, or why not, or the number once signed. */
function SignInCard({
  item,
  busy,
  onSign,
}: {
  item: SignInItem;
  busy: boolean;
  onSign(item: SignInItem): void;
}) {
  const look = { ...SIGN_IN_LOOKS[item.status], hint: item.reason ?? SIGN_IN_LOOKS[item.status].hint };
  const tab = KIND_TABS.findIndex((t) => t.kind === item.kind);
  return (
    <article className="qu-sign" aria-label={item.title}>
      <div className="qu-place__head">
        <span className="qu-place__name">
          <span className="fk-badge" data-tone="muted">
            {QUEUE_KIND_NAMES[item.kind]}
          </span>{' '}
          {item.title}
        </span>
        <StatusBadge info={look} />
      </div>
      <p className="qu-line">时间：{item.timeText}</p>
      <p className="qu-line">
        地点：{item.queueName} · {item.location}
      </p>
      {look.hint && <p className="qu-hint">{look.hint}</p>}
      <div className="qu-sign__actions">
        {item.status === 'READY' && (
          <button
            type="button"
            className="fk-button fk-button--primary fk-button--small"
            disabled={busy}
            onClick={() => onSign(item)}
          >
            {busy ? '签到中…' : '签到'}
          </button>
        )}
        {item.status === 'SIGNED' && item.place && (
          <Link className="fk-button fk-button--small" to={indexPath(item.contactId, tab)}>
            第{item.place.number}号 · 查看排队
          </Link>
        )}
      </div>
    </article>
  );
}

/**
 * 到院签到 (/callingQueuing): what the contact can sign in for today (a paid appointment's clinic, a booked
 * examination, a prescription at the pharmacy); 签到 puts them in its queue with a number and leads to 排队叫号.
 * Before 07:30 or after its time an item says why it cannot be signed.
 */
export default function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const hospitalId = useHospitalId();
  const people = useContacts();
  const from = (location.state as { contactId?: string } | null)?.contactId ?? null;
  const [picked, setPicked] = useState<string | null>(from);
  const [busy, setBusy] = useState<string | null>(null);
  const contact = people.contacts.find((c) => c.contactId === picked) ?? people.contacts[0] ?? null;
  const items = useRemote(
    contact && hospitalId
      ? (signal) =>
          api.request(listSignIns, { body: { hospitalId, contactId: contact.contactId } }, { signal })
      : null,
    contact && hospitalId ? `${hospitalId}/${contact.contactId}` : '',
  );

  if (!hospitalId) return <NoHospital text={NO_HOSPITAL_MESSAGE} />;
  if (people.state !== 'ready' || !contact) {
    return <ContactsPending people={people} text="添加就诊人后即可签到" />;
  }

  const sign = async (item: SignInItem) => {
    setBusy(item.signId);
    try {
      const place = await api.request(signIn, {
        body: { hospitalId, contactId: contact.contactId, signId: item.signId },
      });
      items.set((list) =>
        (list ?? []).map((i) =>
          i.signId === item.signId ? { ...i, status: 'SIGNED', reason: null, place } : i,
        ),
      );
      void toast(`签到成功，您是第${place.number}号`);
      navigate(
        indexPath(
          contact.contactId,
          KIND_TABS.findIndex((t) => t.kind === item.kind),
        ),
      );
    } catch {
      // api-client has shown why (already signed, not the time); the list is asked again.
      items.reload();
    } finally {
      setBusy(null);
    }
  };

  let body: ReactNode;
  if (items.data === null) {
    body = (
      <RemoteState
        remote={items}
        loading="正在查询今日签到项目..."
        failed="签到项目加载失败"
        paddingTop={24}
      />
    );
  } else if (items.data.length === 0) {
    body = (
      <EmptyState text="今日暂无需要签到的项目" paddingTop={24}>
        <p className="fk-muted">挂号缴费、预约检查或医生开具处方后，就诊当日到院即可在这里签到</p>
      </EmptyState>
    );
  } else {
    body = (
      <ul className="fk-list" aria-label="今日签到项目">
        {items.data.map((item) => (
          <li key={item.signId}>
            <SignInCard item={item} busy={busy === item.signId} onSign={sign} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="fk-page">
      <ContactPicker contacts={people.contacts} value={contact.contactId} onChange={setPicked} />
      <p className="fk-notice">请到达医院后再签到，签到后按号序叫号；过号需到分诊台重新排队。</p>
      <h2 className="fk-section-title">今日签到项目</h2>
      {body}
    </div>
  );
}
