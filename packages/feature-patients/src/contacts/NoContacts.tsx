import { EmptyState } from '@patient/ui-kit';
import { useNavigate } from 'react-router-dom';
import { newContactPath } from './paths.ts';
import '@patient/feature-kit/base.css';

/** The account has no contacts yet: what adding one is for (`text`) and '添加就诊人' to the new-contact form. */
export function NoContacts({ text, paddingTop }: { text: string; paddingTop?: number }) {
  const navigate = useNavigate();
  return (
    <EmptyState text={text} paddingTop={paddingTop}>
      <button
        type="button"
        className="fk-button fk-button--primary fk-button--inline"
        onClick={() => navigate(newContactPath())}
      >
        添加就诊人
      </button>
    </EmptyState>
  );
}
