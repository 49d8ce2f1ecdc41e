import type { Contact } from '@patient/contract';
import { relationLabel } from '@patient/feature-kit';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { documentTypeLabel, maskedDocument, maskedPhone } from './labels.ts';
import '@patient/feature-kit/base.css';
import './contacts.css';

/** 默认 / 已实名 or 未实名 / 手机未验证 tags of a contact. */
export function ContactBadges({ contact }: { contact: Contact }) {
  const { isDefault, certified, phoneVerified } = contact.contactDO;
  return (
    <span className="pt-badges">
      {isDefault && <span className="fk-badge fk-badge--primary">默认</span>}
      {certified ? (
        <span className="fk-badge fk-badge--success">已实名</span>
      ) : (
        <span className="fk-badge fk-badge--muted">未实名</span>
      )}
      {!phoneVerified && <span className="fk-badge fk-badge--warning">手机未验证</span>}
    </span>
  );
}

export interface ContactCardProps {
  contact: Contact;
  /** Opens this path when the card is tapped. */
  to?: string;
  /** Called when the card is tapped (instead of `to`). */
  onSelect?(contact: Contact): void;
  /** Why the contact cannot be picked here; the card is then shown disabled with this text. */
  unavailable?: string | null;
  /** Actions under the card (buttons, links). */
  children?: ReactNode;
}

/** A contact in a list: name, relation, badges, masked document and phone. Never shows full numbers. */
export function ContactCard({ contact, to, onSelect, unavailable, children }: ContactCardProps) {
  const { name, relation, documentType } = contact.contactDO;
  const body = (
    <>
      <span className="pt-contact__head">
        <span className="pt-contact__name">{name}</span>
        <span className="pt-contact__relation">{relationLabel(relation)}</span>
        <ContactBadges contact={contact} />
      </span>
      <span className="pt-contact__line">
        {documentTypeLabel(documentType)} {maskedDocument(contact)}
      </span>
      <span className="pt-contact__line">手机 {maskedPhone(contact)}</span>
      {unavailable && <span className="pt-contact__unavailable">{unavailable}</span>}
    </>
  );
  let main: ReactNode;
  if (onSelect) {
    main = (
      <button
        type="button"
        className="pt-contact__main"
        disabled={Boolean(unavailable)}
        onClick={() => onSelect(contact)}
      >
        {body}
      </button>
    );
  } else if (to) {
    main = (
      <Link className="pt-contact__main" to={to}>
        {body}
      </Link>
    );
  } else {
    main = <div className="pt-contact__main">{body}</div>;
  }
  return (
    <article className="pt-contact" data-contact-id={contact.contactId} aria-label={`就诊人${name}`}>
      {main}
      {children && <div className="pt-contact__actions">{children}</div>}
    </article>
  );
}

export interface ContactPickerProps {
  contacts: readonly Contact[];
  onPick(contact: Contact): void;
  /** Reason a contact cannot be picked for this flow (e.g. '仅支持居民身份证'), or null. */
  unavailable?(contact: Contact): string | null;
}

/** A list of contacts to pick one from (default first, as given). */
export function ContactPicker({ contacts, onPick, unavailable }: ContactPickerProps) {
  return (
    <ul className="fk-list">
      {contacts.map((contact) => (
        <li key={contact.contactId}>
          <ContactCard contact={contact} onSelect={onPick} unavailable={unavailable?.(contact) ?? null} />
        </li>
      ))}
    </ul>
  );
}
