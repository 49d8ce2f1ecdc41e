import type { Contact } from '@patient/contract';
import {
  ContactPicker,
  ContactsPending,
  NoHospital,
  useContacts,
  VerifyIdentityPrompt,
} from '@patient/feature-kit';
import { maskName } from '@patient/validation';
import type { ReactNode } from 'react';
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
  const hospitalId = useHospitalId();
  const people = useContacts();
  const contact = people.contacts.find((c) => c.contactId === value) ?? people.contacts[0] ?? null;

  if (!hospitalId) return <NoHospital page={false} />;
  if (people.state !== 'ready' || !contact)
    return <ContactsPending people={people} text={`添加就诊人后即可查看${what}`} page={false} />;
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
