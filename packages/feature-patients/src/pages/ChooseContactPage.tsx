import type { Contact } from '@patient/contract';
import { LoadingView, useContacts } from '@patient/feature-kit';
import { useHospitalConfig } from '@patient/hospital-config';
import { EmptyState, toast } from '@patient/ui-kit';
import { useNavigate, useParams } from 'react-router-dom';
import { cardsListPath, contactCardScope } from '../cards/routeParams.ts';
import { applyHealthCodePath } from '../codes/healthCode.ts';
import { ContactPicker } from '../contacts/ContactCard.tsx';
import { NoContacts } from '../contacts/NoContacts.tsx';
import { addHealthCardPath, newContactPath } from '../contacts/paths.ts';
import { useHospitalId } from '../contacts/useContact.ts';
import '@patient/feature-kit/base.css';
import '../contacts/contacts.css';

interface Flow {
  /** What the contact is chosen for, e.g. '电子健康卡'. */
  title: string;
  /** The next screen for the chosen contact; null when it cannot be opened (no hospital). */
  next(contact: Contact, hospitalId: string | null): string | null;
  /** Why a contact cannot be chosen for this flow. */
  unavailable?(contact: Contact): string | null;
}

/** The flows /chooseContact/:type leads to. */
const FLOWS: Record<string, Flow> = {
  healthCard: {
    title: '电子健康卡',
    next: (contact) => addHealthCardPath(contact.contactId),
    unavailable: (contact) =>
      contact.contactDO.documentType === 'IDENTITY_CARD' ? null : '电子健康卡仅支持居民身份证办理',
  },
  healthCode: { title: '健康码', next: (contact) => applyHealthCodePath(contact.contactId) },
  patientCode: {
    title: '患者码',
    next: (contact) => `/patientCode?contactId=${encodeURIComponent(contact.contactId)}`,
  },
  cards: {
    title: '就诊卡',
    next: (contact, hospitalId) => (hospitalId ? cardsListPath(contactCardScope(contact, hospitalId)) : null),
  },
};

/**
 * 选择就诊人 (/chooseContact/:type): pick the contact a flow is for. type: healthCard → /addHealthCard,
 * healthCode → /applyHealthCode/:contactId, patientCode → /patientCode?contactId=…, cards → the cards list.
 */
export default function ChooseContactPage() {
  const { type = '' } = useParams();
  const navigate = useNavigate();
  const flow = Object.prototype.hasOwnProperty.call(FLOWS, type) ? FLOWS[type] : null;
  if (!flow) {
    return (
      <div className="fk-page">
        <EmptyState text="无法识别要办理的业务，请返回首页重新进入">
          <button
            type="button"
            className="fk-button fk-button--primary fk-button--inline"
            onClick={() => navigate('/homepage', { replace: true })}
          >
            返回首页
          </button>
        </EmptyState>
      </div>
    );
  }
  return <Chooser flow={flow} />;
}

function Chooser({ flow }: { flow: Flow }) {
  const config = useHospitalConfig();
  const hospitalId = useHospitalId(config.id);
  const navigate = useNavigate();
  const { contacts, state, error, retry } = useContacts({ refresh: true });
  if (state !== 'ready') return <LoadingView failed={state === 'error'} error={error} onRetry={retry} />;

  const full = contacts.length >= config.maxContacts;
  const addButton = (
    <button
      type="button"
      className="fk-button fk-button--primary fk-button--inline"
      disabled={full}
      onClick={() => navigate(newContactPath())}
    >
      添加就诊人
    </button>
  );

  if (contacts.length === 0) {
    return (
      <div className="fk-page">
        <NoContacts text={`添加就诊人后即可办理${flow.title}`} />
      </div>
    );
  }

  const pick = (contact: Contact) => {
    const next = flow.next(contact, hospitalId);
    if (next) navigate(next);
    else void toast('未选择医院，暂时无法办理');
  };

  return (
    <div className="fk-page">
      <p className="pt-intro">请选择办理{flow.title}的就诊人</p>
      <ContactPicker contacts={contacts} onPick={pick} unavailable={flow.unavailable} />
      <div className="pt-actions pt-actions--center">
        {full ? <p className="pt-limit">最多可添加{config.maxContacts}位就诊人</p> : addButton}
      </div>
    </div>
  );
}
