import { ApiError, api } from '@patient/api-client';
import { type Contact, getVirtualCardCode } from '@patient/contract';
import { EmptyState } from '@patient/ui-kit';
import { maskIdCard, maskName } from '@patient/validation';
import { Link, useLocation } from 'react-router-dom';
import { useRouteParams } from '../cards/routeParams.ts';
import { BadLink } from '../cards/views.tsx';
import { CodePanel } from '../codes/CodePanel.tsx';
import { applyHealthCodePath, formatDateTime, HEALTH_CODE_COLORS } from '../codes/healthCode.ts';
import { useRotatingCode } from '../codes/useRotatingCode.ts';
import { RequireCertified } from '../contacts/index.ts';
import '@patient/feature-kit/base.css';
import '../cards/cards.css';
import '../codes/codes.css';

/** The service's answer to getVirtualCardCode for a contact without a health code: `state` 404. */
export function isNotApplied(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'state' && error.state === 404;
}

/**
 * A contact's health code: the QR code in the code's colour (绿码/黄码/红码) with what it means, refreshed
 * before it expires. Not certified: the no_auth state; no code yet: a way to apply.
 */
export default function ViewHealthCodePage() {
  const parsed = useRouteParams({ contactId: 'id' });
  if (!parsed.ok) return <BadLink message={parsed.message} />;
  return (
    <RequireCertified contactId={parsed.values.contactId} text="就诊人尚未实名认证，认证后才能使用健康码">
      {(contact) => <HealthCodeView contact={contact} />}
    </RequireCertified>
  );
}

function HealthCodeView({ contact }: { contact: Contact }) {
  const { contactId, contactDO: person } = contact;
  const location = useLocation();
  const issuedAt = (location.state as { issuedAt?: unknown } | null)?.issuedAt;
  // Silent: a contact without a code is an expected answer, shown as a screen rather than a toast.
  const rotating = useRotatingCode(
    ({ signal }) => api.request(getVirtualCardCode, { query: { contactId } }, { signal, silent: true }),
    contactId,
  );

  if (rotating.status === 'error' && isNotApplied(rotating.error)) {
    return (
      <EmptyState text={`${maskName(person.name)}还没有申领健康码`}>
        <Link
          to={applyHealthCodePath(contactId)}
          className="fk-button fk-button--primary fk-button--inline"
          replace
        >
          申领健康码
        </Link>
      </EmptyState>
    );
  }

  const code = rotating.code;
  const color = code ? HEALTH_CODE_COLORS[code.color] : null;
  const issued = typeof issuedAt === 'string' ? formatDateTime(issuedAt) : '';
  return (
    <div className="fk-page">
      <section
        className={`fk-card mc-hcode${code ? ` mc-hcode--${code.color.toLowerCase()}` : ''}`}
        aria-label="健康码"
        data-color={code?.color}
      >
        <header className="mc-hcode__band">
          <span className="mc-hcode__name">{maskName(person.name)}</span>
          <span className="mc-hcode__id">{maskIdCard(person.documentNumber)}</span>
        </header>
        {color && (
          <div className="mc-hcode__status">
            <p className="mc-hcode__label">{color.label}</p>
            <p className="mc-hcode__meaning">{color.meaning}</p>
          </div>
        )}
        <CodePanel
          rotating={rotating}
          value={code?.qrCode ?? null}
          qrLabel={color ? `健康码二维码（${color.label}）` : '健康码二维码'}
        >
          <p className="mc-code-card__hint">出示给医院工作人员扫码</p>
        </CodePanel>
        {issued && <p className="mc-hcode__issued">申领时间 {issued}</p>}
      </section>
      <p className="mc-tip">健康码会定时更新，截图无效。</p>
    </div>
  );
}
