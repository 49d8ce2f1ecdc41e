import { api } from '@patient/api-client';
import { certifyContact } from '@patient/contract';
import { LoadingView, reloadContacts } from '@patient/feature-kit';
import { toast, withLoading } from '@patient/ui-kit';
import { type IdDocumentType, validateIdDocument, validateMainlandId } from '@patient/validation';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { FormRow, fieldAria } from '../contacts/FormRow.tsx';
import { documentTypeLabel, maskedDocument } from '../contacts/labels.ts';
import { contactDetailPath } from '../contacts/paths.ts';
import { useContact } from '../contacts/useContact.ts';
import '@patient/feature-kit/base.css';
import '../contacts/contacts.css';

const AUTHENTICATION_MESSAGES = Object.freeze({
  mismatch: '证件号码与就诊人信息不一致，请核对后重新输入',
  rejected: '实名认证未通过，请核对姓名和证件号码',
});

/** The number as the service stores it: mainland IDs in their 18-character form, letters upper-case. */
function normalised(type: IdDocumentType, value: string): string {
  const trimmed = value.trim();
  if (type === 'IDENTITY_CARD' || type === 'IDENTITY_CARD_MUM') {
    return validateMainlandId(trimmed).id18 ?? trimmed.toUpperCase();
  }
  return trimmed.toUpperCase();
}

function Result({ title, text, onDone }: { title: string; text: string; onDone(): void }) {
  return (
    <section className="pt-result" aria-live="polite">
      <span className="pt-result__icon" aria-hidden="true">
        ✓
      </span>
      <h2 className="pt-result__title">{title}</h2>
      <p className="pt-result__text">{text}</p>
      <button type="button" className="fk-button fk-button--primary fk-button--inline" onClick={onDone}>
        完成
      </button>
    </section>
  );
}

/**
 * 实名认证 (/authentication/:contactId): the patient confirms the contact's name and re-enters the full
 * document number (only its masked form is shown), and the service verifies the pair.
 */
export default function AuthenticationPage() {
  const { contactId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const remote = useContact(contactId);
  const contact = remote.data;
  const [number, setNumber] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const finish = () => {
    if (location.key !== 'default') navigate(-1);
    else navigate(contactDetailPath(contactId), { replace: true });
  };

  if (!contact) {
    return (
      <div className="fk-page">
        <LoadingView
          failed={remote.status === 'error'}
          error={remote.error}
          onRetry={remote.reload}
          text="就诊人信息加载失败"
        />
      </div>
    );
  }

  const c = contact.contactDO;
  if (done) {
    return (
      <div className="fk-page">
        <Result title="实名认证成功" text={`${c.name}已完成实名认证`} onDone={finish} />
      </div>
    );
  }
  if (c.certified) {
    return (
      <div className="fk-page">
        <Result
          title="已完成实名认证"
          text={`${c.name}（${documentTypeLabel(c.documentType)} ${maskedDocument(contact)}）已通过实名认证，无需重复认证`}
          onDone={finish}
        />
      </div>
    );
  }

  const check = (value: string) => {
    const rule = validateIdDocument(c.documentType, value.trim());
    if (!rule.valid) return rule.message;
    return normalised(c.documentType, value) === normalised(c.documentType, c.documentNumber)
      ? ''
      : AUTHENTICATION_MESSAGES.mismatch;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const message = check(number);
    setError(message);
    if (message) {
      document.getElementById('auth-number')?.focus();
      return;
    }
    setBusy(true);
    try {
      const result = await withLoading(
        () =>
          api.request(certifyContact, {
            params: { contactId },
            body: { name: c.name, documentNumber: number.trim() },
          }),
        '正在认证...',
      );
      if (result.certified) {
        await reloadContacts().catch(() => undefined);
        setDone(true);
      } else {
        void toast(AUTHENTICATION_MESSAGES.rejected);
      }
    } catch {
      // api-client has shown why
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="fk-page">
      <p className="pt-intro">请核对就诊人信息，并再次输入完整的证件号码完成实名认证。</p>
      <form className="pt-form" onSubmit={onSubmit} noValidate aria-label="实名认证">
        <section className="fk-group">
          <FormRow id="auth-name" label="姓名">
            <output id="auth-name" className="pt-readonly">
              {c.name}
            </output>
          </FormRow>
          <FormRow id="auth-type" label="证件类型">
            <output id="auth-type" className="pt-readonly">
              {documentTypeLabel(c.documentType)}
            </output>
          </FormRow>
          <FormRow id="auth-masked" label="证件号码">
            <output id="auth-masked" className="pt-readonly">
              {maskedDocument(contact)}
            </output>
          </FormRow>
          <FormRow id="auth-number" label="确认号码" error={error} required>
            <input
              id="auth-number"
              className="pt-input"
              type="text"
              autoComplete="off"
              maxLength={32}
              placeholder="请输入完整的证件号码"
              value={number}
              onChange={(e) => {
                setNumber(e.target.value);
                if (error) setError(check(e.target.value));
              }}
              {...fieldAria('auth-number', error)}
            />
          </FormRow>
        </section>
        <p className="pt-note">
          姓名或证件信息有误？请先
          <button
            type="button"
            className="fk-text-button"
            onClick={() => navigate(contactDetailPath(contactId))}
          >
            修改就诊人信息
          </button>
        </p>
        <div className="pt-actions">
          <button type="submit" className="fk-button fk-button--primary" disabled={busy}>
            {busy ? '认证中...' : '提交认证'}
          </button>
        </div>
      </form>
    </div>
  );
}
