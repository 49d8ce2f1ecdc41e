import { api } from '@patient/api-client';
import { updateAppState, useAppState } from '@patient/app-state';
import { deleteContact, getContact, setDefaultContact } from '@patient/contract';
import { LoadingView, relationLabel, reloadContacts, useContacts } from '@patient/feature-kit';
import { useHospitalConfig } from '@patient/hospital-config';
import { confirm, EmptyState, toast, withLoading } from '@patient/ui-kit';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { cardsListPath, contactCardScope } from '../cards/routeParams.ts';
import { ContactBadges } from '../contacts/ContactCard.tsx';
import { ContactForm } from '../contacts/ContactForm.tsx';
import { InfoRow } from '../contacts/FormRow.tsx';
import { documentTypeLabel, maskedDocument, maskedPhone, sexLabel } from '../contacts/labels.ts';
import { setContactNotification } from '../contacts/notifications.ts';
import { PhoneVerification } from '../contacts/PhoneVerification.tsx';
import { authenticationPath, NEW_CONTACT_ID } from '../contacts/paths.ts';
import { Toggle } from '../contacts/Toggle.tsx';
import { useContact, useHospitalId } from '../contacts/useContact.ts';
import '@patient/feature-kit/base.css';
import '../contacts/contacts.css';

/** Back to where the patient came from, or to the contact list when this screen was opened directly. */
function useGoBack() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (location.key !== 'default') navigate(-1);
    else navigate('/contactList', { replace: true });
  }, [location.key, navigate]);
}

/**
 * 就诊人信息 (/contactDetail/:contactId). contactId 'new' opens the empty form to add a contact; any other id
 * shows that contact (masked) with its actions, and the form to edit it.
 */
export default function ContactDetailPage() {
  const { contactId = '' } = useParams();
  return contactId === NEW_CONTACT_ID ? (
    <NewContact />
  ) : (
    <ExistingContact key={contactId} contactId={contactId} />
  );
}

function NewContact() {
  const config = useHospitalConfig();
  const goBack = useGoBack();
  const { contacts, state, error, retry } = useContacts();
  if (state !== 'ready') return <LoadingView failed={state === 'error'} error={error} onRetry={retry} />;
  if (contacts.length >= config.maxContacts) {
    return (
      <div className="fk-page">
        <EmptyState text={`最多可添加${config.maxContacts}位就诊人，请先删除不再使用的就诊人`}>
          <button type="button" className="fk-button fk-button--primary fk-button--inline" onClick={goBack}>
            返回
          </button>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="fk-page">
      <ContactForm
        onSaved={(saved) => {
          void toast(`已添加就诊人${saved.contactDO.name}`);
          goBack();
        }}
      />
    </div>
  );
}

function ExistingContact({ contactId }: { contactId: string }) {
  const config = useHospitalConfig();
  const hospitalId = useHospitalId(config.id);
  const navigate = useNavigate();
  const selectedHealthCard = useAppState((s) => s.healthCard);
  const remote = useContact(contactId);
  const { data: contact, set: setContact } = remote;
  const [mode, setMode] = useState<'view' | 'edit'>('view');
  const [verifying, setVerifying] = useState(false);
  const [busy, setBusy] = useState(false);

  const refresh = async () => {
    const [fresh] = await Promise.all([
      api.request(getContact, { params: { contactId } }),
      reloadContacts().catch(() => undefined),
    ]);
    setContact(() => fresh);
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

  if (mode === 'edit') {
    return (
      <div className="fk-page">
        <ContactForm
          contact={contact}
          onSaved={(saved) => {
            setContact(() => saved);
            setMode('view');
            setVerifying(false);
            void toast('就诊人信息已保存');
          }}
          onCancel={() => setMode('view')}
        />
      </div>
    );
  }

  const c = contact.contactDO;

  const run = async (task: () => Promise<unknown>, done: string) => {
    if (busy) return;
    setBusy(true);
    try {
      await withLoading(task);
      await refresh().catch(() => undefined);
      void toast(done);
    } catch {
      // api-client has shown why
    } finally {
      setBusy(false);
    }
  };

  const makeDefault = () =>
    run(() => api.request(setDefaultContact, { query: { contactId, isDefault: true } }), '已设为默认就诊人');

  const toggleNotify = async (notify: boolean) => {
    setContact((current) => current && { ...current, contactDO: { ...current.contactDO, notify } });
    setBusy(true);
    const saved = await setContactNotification(contactId, notify);
    setBusy(false);
    if (!saved) {
      setContact(
        (current) => current && { ...current, contactDO: { ...current.contactDO, notify: !notify } },
      );
    }
  };

  const remove = async () => {
    if (busy) return;
    const confirmed = await confirm({
      title: '删除就诊人',
      message: `确定删除就诊人“${c.name}”吗？删除后，其绑定的就诊卡和电子健康卡将一并解绑。`,
      confirmText: '删除',
      danger: true,
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await withLoading(() => api.request(deleteContact, { params: { contactId } }), '正在删除...');
      if (selectedHealthCard?.contactId === contactId) {
        updateAppState((s) => {
          s.healthCard = null;
        });
      }
      await reloadContacts().catch(() => undefined);
      void toast('就诊人已删除');
      navigate('/contactList', { replace: true });
    } catch {
      setBusy(false);
    }
  };

  const openCards = () => {
    if (!hospitalId) {
      void toast('未选择医院，暂时无法查看就诊卡');
      return;
    }
    navigate(cardsListPath(contactCardScope(contact, hospitalId)));
  };

  return (
    <div className="fk-page">
      <section className="fk-group pt-profile" aria-label="就诊人">
        <h2 className="pt-profile__name">{c.name}</h2>
        <span className="pt-contact__head">
          <span className="pt-contact__relation">{relationLabel(c.relation)}</span>
          <ContactBadges contact={contact} />
        </span>
      </section>

      <section className="fk-group" aria-label="基本信息">
        <InfoRow label="证件类型">{documentTypeLabel(c.documentType)}</InfoRow>
        <InfoRow label="证件号码">{maskedDocument(contact)}</InfoRow>
        <InfoRow label="性别">{sexLabel(c.sex) || '未填写'}</InfoRow>
        <InfoRow label="出生日期">{c.birthDate || '未填写'}</InfoRow>
        <div className="pt-row">
          <div className="pt-row__main">
            <span className="pt-row__label">手机号</span>
            <span className="pt-row__value">{maskedPhone(contact)}</span>
            {!c.phoneVerified && !verifying && (
              <button type="button" className="fk-text-button" onClick={() => setVerifying(true)}>
                去验证
              </button>
            )}
          </div>
          {!c.phoneVerified && <p className="pt-row__hint">手机号尚未验证</p>}
        </div>
        <InfoRow label="民族">{c.ethnicity || '未填写'}</InfoRow>
        <InfoRow label="职业">{c.occupation || '未填写'}</InfoRow>
        <InfoRow label="住址">{c.address || '未填写'}</InfoRow>
      </section>

      {verifying && !c.phoneVerified && (
        <PhoneVerification
          contact={contact}
          onVerified={() => {
            setVerifying(false);
            void refresh().catch(() => undefined);
          }}
        />
      )}

      <section className="fk-group" aria-label="设置">
        <div className="pt-row">
          <div className="pt-row__main">
            <span className="pt-row__label">实名认证</span>
            <span className="pt-row__value">{c.certified ? '已认证' : '未认证'}</span>
            {!c.certified && (
              <button
                type="button"
                className="fk-text-button"
                onClick={() => navigate(authenticationPath(contactId))}
              >
                去认证
              </button>
            )}
          </div>
        </div>
        <div className="pt-row">
          <div className="pt-row__main">
            <span className="pt-row__label">消息通知</span>
            <span className="pt-row__value">{c.notify ? '已开启' : '已关闭'}</span>
            <Toggle checked={c.notify} label="消息通知" disabled={busy} onChange={toggleNotify} />
          </div>
        </div>
        <div className="pt-row">
          <div className="pt-row__main">
            <span className="pt-row__label">默认就诊人</span>
            <span className="pt-row__value">{c.isDefault ? '是' : '否'}</span>
            {!c.isDefault && (
              <button type="button" className="fk-text-button" disabled={busy} onClick={makeDefault}>
                设为默认
              </button>
            )}
          </div>
        </div>
        <div className="pt-row">
          <div className="pt-row__main">
            <span className="pt-row__label">就诊卡</span>
            <span className="pt-row__value" />
            <button type="button" className="fk-text-button" onClick={openCards}>
              查看就诊卡
            </button>
          </div>
        </div>
      </section>

      <div className="pt-actions">
        <button type="button" className="fk-button fk-button--danger" disabled={busy} onClick={remove}>
          删除就诊人
        </button>
        <button
          type="button"
          className="fk-button fk-button--primary"
          disabled={busy}
          onClick={() => setMode('edit')}
        >
          编辑信息
        </button>
      </div>
    </div>
  );
}
