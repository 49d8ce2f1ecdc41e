import { api } from '@patient/api-client';
import { useAppState } from '@patient/app-state';
import { applyHealthCode, type Contact } from '@patient/contract';
import { toast, withLoading } from '@patient/ui-kit';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useRouteParams } from '../cards/routeParams.ts';
import { BadLink, PersonSummary } from '../cards/views.tsx';
import { viewHealthCodePath } from '../codes/healthCode.ts';
import { RequireCertified } from '../contacts/index.ts';
import '@patient/feature-kit/base.css';
import '../cards/cards.css';
import '../codes/codes.css';

/** Applies for a contact's health code (real-name certified contacts only), then shows it. */
export default function ApplyHealthCodePage() {
  const parsed = useRouteParams({ contactId: 'id' });
  if (!parsed.ok) return <BadLink message={parsed.message} />;
  return (
    <RequireCertified contactId={parsed.values.contactId} text="就诊人尚未实名认证，认证后才能申领健康码">
      {(contact) => <ApplyHealthCode contact={contact} />}
    </RequireCertified>
  );
}

function ApplyHealthCode({ contact }: { contact: Contact }) {
  const hospitalName = useAppState((s) => s.hospitalName);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const { contactId, contactDO: person } = contact;

  const onApply = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const code = await withLoading(
        () => api.request(applyHealthCode, { query: { contactId } }),
        '申领中...',
      );
      void toast('申领成功');
      navigate(viewHealthCodePath(contactId), { replace: true, state: { issuedAt: code.issuedAt } });
    } catch {
      setBusy(false);
    }
  };

  return (
    <div className="fk-page">
      <PersonSummary name={person.name} identityCard={person.documentNumber} hospitalName={hospitalName} />
      <section className="fk-card mc-apply" aria-label="申领说明">
        <h2 className="mc-form__title">申领健康码</h2>
        <ul className="mc-apply__list">
          <li>健康码用于进入医院时出示，由工作人员扫码核验。</li>
          <li>将使用已实名认证的姓名和证件号码申领，无需再填写信息。</li>
          <li>绿码可正常就诊；黄码、红码请按提示联系医院工作人员。</li>
        </ul>
        <button
          type="button"
          className="fk-button fk-button--primary fk-button--block"
          onClick={onApply}
          disabled={busy}
        >
          {busy ? '申领中...' : '立即申领'}
        </button>
      </section>
      <p className="mc-tip">
        已经申领过？
        <Link to={viewHealthCodePath(contactId)} className="fk-link" replace>
          查看健康码
        </Link>
      </p>
    </div>
  );
}
