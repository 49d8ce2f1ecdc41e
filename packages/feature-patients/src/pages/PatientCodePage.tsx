import { api } from '@patient/api-client';
import { type Contact, getPatientCode } from '@patient/contract';
import { LoadingView, useContacts } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { maskIdCard, maskName } from '@patient/validation';
import { Link, useSearchParams } from 'react-router-dom';
import { CodePanel } from '../codes/CodePanel.tsx';
import { useRotatingCode } from '../codes/useRotatingCode.ts';
import '@patient/feature-kit/base.css';
import '../cards/cards.css';
import '../codes/codes.css';

/** The contact asked for by ?contactId=, else the default contact, else the first. */
export function pickContact(
  contacts: readonly Contact[],
  wanted: string | null,
): { contact: Contact | null; missing: boolean } {
  const asked = wanted ? contacts.find((c) => c.contactId === wanted) : undefined;
  const fallback = contacts.find((c) => c.contactDO.isDefault) ?? contacts[0] ?? null;
  return { contact: asked ?? fallback, missing: wanted !== null && wanted !== '' && !asked };
}

/** The patient code for on-site scanning: the default contact's (or ?contactId=), refreshed while open. */
export default function PatientCodePage() {
  const { contacts, state, error, retry } = useContacts();
  const [params, setParams] = useSearchParams();
  const { contact, missing } = pickContact(contacts, params.get('contactId'));
  const contactId = contact?.contactId ?? null;
  const rotating = useRotatingCode(
    ({ signal, background }) =>
      api.request(getPatientCode, { body: { contactId: contactId! } }, { signal, silent: background }),
    state === 'ready' ? contactId : null,
  );

  if (state !== 'ready') return <LoadingView failed={state === 'error'} error={error} onRetry={retry} />;
  if (!contact) {
    return (
      <EmptyState text="还没有就诊人，添加就诊人后即可使用患者码">
        <Link to="/contactList" className="fk-button fk-button--primary fk-button--inline">
          添加就诊人
        </Link>
      </EmptyState>
    );
  }

  return (
    <div className="fk-page">
      {missing && (
        <p className="mc-notice" role="status">
          未找到指定的就诊人，已显示默认就诊人
        </p>
      )}
      {contacts.length > 1 && (
        <nav className="mc-chips" aria-label="切换就诊人">
          {contacts.map((c) => (
            <button
              key={c.contactId}
              type="button"
              className="mc-chip"
              aria-pressed={c.contactId === contact.contactId}
              onClick={() => setParams({ contactId: c.contactId }, { replace: true })}
            >
              {maskName(c.contactDO.name)}
              {c.contactDO.isDefault && <span className="mc-chip__default">默认</span>}
            </button>
          ))}
        </nav>
      )}
      <section className="fk-card mc-code-card" aria-label="患者码">
        <header className="mc-code-card__header">
          <span className="mc-code-card__hospital">患者码</span>
          <span className="mc-code-card__type">{maskIdCard(contact.contactDO.documentNumber)}</span>
        </header>
        <p className="mc-code-card__name">{maskName(contact.contactDO.name)}</p>
        <CodePanel
          rotating={rotating}
          value={rotating.code?.code ?? null}
          qrLabel="患者码二维码"
          barcodeLabel="患者码条形码"
          barcode
        >
          <p className="mc-code-card__hint">出示给医院工作人员扫码</p>
          <p className="mc-code-card__subhint">用于现场挂号、缴费、签到；扫码不成功时请调高屏幕亮度</p>
        </CodePanel>
      </section>
      <p className="mc-tip">
        患者码会定时更新，截图无效。
        <Link to="/contactList" className="fk-link">
          管理就诊人
        </Link>
      </p>
    </div>
  );
}
