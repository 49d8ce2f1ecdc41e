import type { Contact } from '@patient/contract';
import { LoadingView, useContacts } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { authenticationPath } from './paths.ts';
import '@patient/feature-kit/base.css';
import './contacts.css';

export interface RequireCertifiedProps {
  contactId: string;
  /** Text of the not-certified state; default: '<name>尚未完成实名认证，认证后即可使用该服务'. */
  text?: string;
  /** Shown once the contact is certified; a function receives the contact. */
  children: ReactNode | ((contact: Contact) => ReactNode);
}

/**
 * Shows its children only for a real-name certified contact; otherwise the no_auth empty state with a
 * '去认证' button to /authentication/:contactId. Uses the contacts in app state (loading them if needed);
 * the authentication screen reloads them, so coming back shows the children.
 */
export function RequireCertified({ contactId, text, children }: RequireCertifiedProps) {
  const { contacts, state, error, retry } = useContacts();
  const navigate = useNavigate();
  if (state !== 'ready') return <LoadingView failed={state === 'error'} error={error} onRetry={retry} />;
  const contact = contacts.find((c) => c.contactId === contactId);
  if (!contact) return <EmptyState text="未找到该就诊人，请返回重新选择" />;
  if (!contact.contactDO.certified) {
    return (
      <EmptyState
        type="no_auth"
        text={text ?? `${contact.contactDO.name}尚未完成实名认证，认证后即可使用该服务`}
      >
        <button
          type="button"
          className="fk-button fk-button--primary fk-button--inline"
          onClick={() => navigate(authenticationPath(contactId))}
        >
          去认证
        </button>
      </EmptyState>
    );
  }
  return <>{typeof children === 'function' ? children(contact) : children}</>;
}
