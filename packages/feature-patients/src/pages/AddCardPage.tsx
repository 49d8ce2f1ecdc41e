import { api } from '@patient/api-client';
import { addMedicalCard, filePatientRecord, hasPatientRecord } from '@patient/contract';
import { useRemote } from '@patient/feature-kit';
import { confirm, toast, withLoading } from '@patient/ui-kit';
import { maskName } from '@patient/validation';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { CARD_TYPES, type MedicalCardType, validateCardNumber } from '../cards/cardTypes.ts';
import { useBackToCardsList } from '../cards/navigation.ts';
import { CARD_SCOPE, chooseHisCardPath, useRouteParams } from '../cards/routeParams.ts';
import { useHospitalName } from '../cards/useHospitalName.ts';
import { BadLink, PersonSummary } from '../cards/views.tsx';
import '@patient/feature-kit/base.css';
import '../cards/cards.css';

/**
 * Binds a card by its number. A person the hospital has no record of is offered to be filed (建档), which
 * issues a hospital card; either way the patient goes back to the cards list.
 */
export default function AddCardPage() {
  const parsed = useRouteParams(CARD_SCOPE);
  const scope = parsed.ok ? parsed.values : null;
  const hospitalName = useHospitalName(scope?.hospitalId ?? null);
  const backToList = useBackToCardsList(scope);
  const [type, setType] = useState<MedicalCardType>('HOSPITAL_CARD');
  const [cardNo, setCardNo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const record = useRemote(
    scope &&
      ((signal) =>
        api.request(
          hasPatientRecord,
          {
            params: { contactId: scope.contactId },
            query: { name: scope.patientName, idCard: scope.identityCard, hospitalId: scope.hospitalId },
          },
          { signal },
        )),
    scope ? `${scope.contactId}/${scope.hospitalId}` : '',
  );

  if (!parsed.ok) return <BadLink message={parsed.message} />;
  const { values } = parsed;
  const hospital = hospitalName ?? '本院';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateCardNumber(cardNo);
    if (!checked.valid) {
      setError(checked.message);
      return;
    }
    setError(null);
    if (busy) return;
    setBusy(true);
    try {
      await withLoading(
        () =>
          api.request(addMedicalCard, {
            body: {
              contactId: values.contactId,
              hospitalId: values.hospitalId,
              medicalCardNo: checked.value,
              type,
            },
          }),
        '绑定中...',
      );
      void toast('绑定成功');
      backToList();
    } catch {
      // api-client has shown why (not found at the hospital, type mismatch, already bound…); input is kept
    } finally {
      setBusy(false);
    }
  };

  const onFile = async () => {
    if (busy) return;
    const sure = await confirm({
      title: '在线建档',
      message: `将使用就诊人${maskName(values.patientName)}的姓名和证件号码在${hospital}建立患者档案，建档后医院会发放一张就诊卡并绑定到该就诊人。`,
      confirmText: '确定建档',
    });
    if (!sure) return;
    setBusy(true);
    try {
      const card = await withLoading(
        () =>
          api.request(filePatientRecord, {
            body: { contactId: values.contactId, hospitalId: values.hospitalId },
          }),
        '建档中...',
      );
      void toast(`建档成功，已发放就诊卡 ${card.medicalCardNo}`);
      backToList();
    } catch {
      record.reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="fk-page">
      <PersonSummary
        name={values.patientName}
        identityCard={values.identityCard}
        hospitalName={hospitalName}
      />

      {record.status === 'ready' && record.data === false && (
        <section className="fk-card mc-filing" aria-label="在线建档">
          <h2 className="mc-filing__title">在{hospital}还没有档案</h2>
          <p className="mc-filing__text">
            就诊人尚未在本院建档，所以还没有就诊卡。在线建档后，医院会发放一张就诊卡，可直接用于挂号、缴费和查询报告。
          </p>
          <button
            type="button"
            className="fk-button fk-button--primary fk-button--block"
            onClick={onFile}
            disabled={busy}
          >
            在线建档并领取就诊卡
          </button>
        </section>
      )}

      <form className="fk-card mc-form" onSubmit={onSubmit} noValidate aria-label="按卡号绑定">
        <h2 className="mc-form__title">按卡号绑定</h2>
        <fieldset className="mc-segments">
          <legend className="mc-field__label">卡类型</legend>
          {CARD_TYPES.map((t) => (
            <button
              key={t.type}
              type="button"
              className="mc-segment"
              aria-pressed={type === t.type}
              onClick={() => setType(t.type)}
            >
              {t.label}
            </button>
          ))}
        </fieldset>
        <label className="mc-field">
          <span className="mc-field__label">卡号</span>
          <input
            name="medicalCardNo"
            type="text"
            inputMode="text"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={32}
            placeholder="请输入卡面上的卡号"
            value={cardNo}
            onChange={(e) => {
              setCardNo(e.target.value.replace(/\s/g, ''));
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'add-card-error' : undefined}
          />
        </label>
        {error && (
          <p id="add-card-error" className="mc-error" role="alert">
            {error}
          </p>
        )}
        <button
          type="submit"
          className="fk-button fk-button--primary fk-button--block mc-form__submit"
          disabled={busy}
        >
          {busy ? '提交中...' : '绑定'}
        </button>
      </form>

      <p className="mc-tip">
        不知道卡号？
        <Link to={chooseHisCardPath('all', values)} className="fk-link">
          查询医院为我办理的卡
        </Link>
      </p>
    </div>
  );
}
