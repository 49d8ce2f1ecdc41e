import { LoadingView } from '@patient/feature-kit';
import { maskName } from '@patient/validation';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { BadLink } from '../cards/views.tsx';
import { HisIdentityVerification } from '../contacts/HisIdentityVerification.tsx';
import { contactDetailPath } from '../contacts/paths.ts';
import { useContact } from '../contacts/useContact.ts';
import '@patient/feature-kit/base.css';
import '../contacts/contacts.css';

const CONTACT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Where the patient goes on from here: back to the screen that sent them, else the contact. */
function useGoBack(contactId: string) {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (location.key !== 'default') navigate(-1);
    else navigate(contactDetailPath(contactId), { replace: true });
  };
}

function Screen({ contactId }: { contactId: string }) {
  const remote = useContact(contactId);
  const goBack = useGoBack(contactId);
  const contact = remote.data;
  if (!contact) {
    return (
      <LoadingView
        failed={remote.status === 'error'}
        error={remote.error}
        onRetry={remote.reload}
        text="就诊人信息加载失败"
      />
    );
  }
  const { name, documentType, hisVerified } = contact.contactDO;
  if (hisVerified) {
    return (
      <section className="pt-result" aria-live="polite">
        <span className="pt-result__icon" aria-hidden="true">
          ✓
        </span>
        <h2 className="pt-result__title">身份已验证</h2>
        <p className="pt-result__text">
          {maskName(name)}的身份已验证，可以查看其在医院的就诊卡、报告和费用等信息
        </p>
        <button type="button" className="fk-button fk-button--primary fk-button--inline" onClick={goBack}>
          继续
        </button>
      </section>
    );
  }
  return (
    <>
      <h2 className="fk-section-title">验证{maskName(name)}的身份</h2>
      <HisIdentityVerification
        contactId={contactId}
        name={name}
        faceAllowed={documentType === 'IDENTITY_CARD'}
        onVerified={goBack}
      />
    </>
  );
}

/**
 * 验证身份 (/verifyIdentity/:contactId): the step other screens send the patient to when the service refuses a
 * contact's hospital data (state 403, subCode 40310). Done, it goes back to that screen, which then loads.
 */
export default function VerifyIdentityPage() {
  const { contactId = '' } = useParams();
  if (!CONTACT_ID.test(contactId)) return <BadLink message="页面链接中的就诊人有误，请返回后重新进入" />;
  return (
    <div className="fk-page">
      <Screen contactId={contactId} />
    </div>
  );
}
