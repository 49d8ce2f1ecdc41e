import type { Contact } from '@patient/contract';
import { EmptyState } from '@patient/ui-kit';
import { maskName } from '@patient/validation';
import { useNavigate } from 'react-router-dom';
import { type ContactsView, relationLabel } from './contacts.ts';
import { ChoiceGroup, LoadingView } from './views.tsx';

/** Whose screen it is: the account's contacts as chips (masked names, relation), default first. */
export function ContactPicker({
  contacts,
  value,
  onChange,
}: {
  contacts: readonly Contact[];
  value: string;
  onChange(contactId: string): void;
}) {
  return (
    <div className="fk-card">
      <ChoiceGroup
        label="选择就诊人"
        name="contact"
        row
        small
        value={value}
        onChange={onChange}
        options={contacts.map((c) => ({
          value: c.contactId,
          text: maskName(c.contactDO.name),
          meta: relationLabel(c.contactDO.relation),
        }))}
      />
    </div>
  );
}

/**
 * A contact's screen before it has a contact: loading, failed (retry), or none yet (`text`, 添加就诊人). `page`
 * false: inside a page already there (a gate in a page).
 */
export function ContactsPending({
  people,
  text,
  page = true,
}: {
  people: ContactsView;
  text: string;
  page?: boolean;
}) {
  const navigate = useNavigate();
  const content =
    people.state !== 'ready' ? (
      <LoadingView failed={people.state === 'error'} error={people.error} onRetry={people.retry} />
    ) : (
      <EmptyState text={text}>
        <button
          type="button"
          className="fk-button fk-button--primary fk-button--inline"
          onClick={() => navigate('/contactDetail/new')}
        >
          添加就诊人
        </button>
      </EmptyState>
    );
  return page ? <div className="fk-page">{content}</div> : content;
}
