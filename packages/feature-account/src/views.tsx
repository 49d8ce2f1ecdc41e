import type { Contact } from '@patient/contract';
import {
  ContactPicker,
  LoadError,
  NoHospital,
  useContacts,
  VerifyIdentityPrompt,
} from '@patient/feature-kit';
import { EmptyState, Spinner } from '@patient/ui-kit';
import { maskName } from '@patient/validation';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useHospitalId } from './hospital.ts';

/**
 * The frame of a screen about one contact at this hospital: the hospital, the contacts (loading, error, none →
 * 添加就诊人), chips to choose one (`value`, else the default), and 验证身份 for a contact not proven for the
 * hospital's data. `children` renders the screen for the chosen, proven contact.
 */
export function ContactGate({
  value,
  onChange,
  what,
  children,
}: {
  value: string | null;
  onChange(contactId: string): void;
  /** What the screen shows, for the empty state: '预交金账户', '电子票据'. */
  what: string;
  children(contact: Contact, hospitalId: string): ReactNode;
}) {
  const navigate = useNavigate();
  const hospitalId = useHospitalId();
  const people = useContacts();
  const contact = people.contacts.find((c) => c.contactId === value) ?? people.contacts[0] ?? null;

  if (!hospitalId) return <NoHospital page={false} />;
  if (people.state === 'loading') return <Spinner text="正在加载就诊人..." />;
  if (people.state === 'error')
    return <LoadError error={people.error} text="就诊人加载失败" onRetry={people.retry} />;
  if (!contact) {
    return (
      <EmptyState text={`添加就诊人后即可查看${what}`}>
        <button
          type="button"
          className="fk-button fk-button--primary fk-button--inline"
          onClick={() => navigate('/contactDetail/new')}
        >
          添加就诊人
        </button>
      </EmptyState>
    );
  }
  return (
    <>
      <ContactPicker contacts={people.contacts} value={contact.contactId} onChange={onChange} />
      {contact.contactDO.hisVerified ? (
        children(contact, hospitalId)
      ) : (
        <VerifyIdentityPrompt contactId={contact.contactId} who={maskName(contact.contactDO.name)} />
      )}
    </>
  );
}

/** The contacts are loading, failed, or there are none (添加就诊人). */
export function LoadingOrNone({ people, what }: { people: ReturnType<typeof useContacts>; what: string }) {
  const navigate = useNavigate();
  if (people.state === 'loading') return <Spinner text="正在加载就诊人..." />;
  if (people.state === 'error')
    return <LoadError error={people.error} text="就诊人加载失败" onRetry={people.retry} />;
  return (
    <EmptyState text={`添加就诊人后即可查看${what}`}>
      <button
        type="button"
        className="fk-button fk-button--primary fk-button--inline"
        onClick={() => navigate('/contactDetail/new')}
      >
        添加就诊人
      </button>
    </EmptyState>
  );
}
