import type { Contact } from '@patient/contract';
import {
  ContactPicker,
  ContactsPending,
  NoHospital,
  useContacts,
  VerifyIdentityPrompt,
} from '@patient/feature-kit';
import { maskName } from '@patient/validation';
import { type ReactNode, useState } from 'react';
import { NO_HOSPITAL_MESSAGE, useHospitalId } from './hospital.ts';

/**
 * The frame of a screen about one of the account's contacts at this hospital: the hospital, the contacts
 * (loading, error, none → 添加就诊人), the chips to choose one (default first, or `initial`), and 验证身份 for a
 * contact not proven for the hospital's data. `children` renders the screen for the chosen, proven contact.
 */
export function ContactGate({
  initial,
  what,
  children,
}: {
  initial?: string | null;
  /** What the screen shows, for the empty state: '就诊记录', '报告'. */
  what: string;
  children(contact: Contact, hospitalId: string): ReactNode;
}) {
  const hospitalId = useHospitalId();
  const people = useContacts();
  const [chosen, setChosen] = useState<string | null>(initial ?? null);
  const contact = people.contacts.find((c) => c.contactId === chosen) ?? people.contacts[0] ?? null;

  if (!hospitalId) return <NoHospital text={NO_HOSPITAL_MESSAGE} page={false} />;
  if (people.state !== 'ready' || !contact)
    return <ContactsPending people={people} text={`添加就诊人后即可查看${what}`} page={false} />;
  return (
    <>
      <ContactPicker contacts={people.contacts} value={contact.contactId} onChange={setChosen} />
      {contact.contactDO.hisVerified ? (
        children(contact, hospitalId)
      ) : (
        <VerifyIdentityPrompt contactId={contact.contactId} who={maskName(contact.contactDO.name)} />
      )}
    </>
  );
}
