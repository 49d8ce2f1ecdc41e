import { api, isCancelled } from '@patient/api-client';
import {
  ageOn,
  applyCompanionCard,
  COMPANION_MIN_AGE,
  COMPANION_RELATIONS,
  type CompanionRelation,
  getCompanionDeclaration,
  listCompanionInpatients,
} from '@patient/contract';
import { ChoiceGroup, errorText, NoHospital, RemoteState, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { chinaDate, maskName, validateMainlandId, validatePhone } from '@patient/validation';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useHospitalId } from '../format.ts';
import { successPath } from '../paths.ts';
import '@patient/feature-kit/base.css';
import '../companion.css';

type Field = 'stay' | 'name' | 'idCard' | 'phone' | 'relation' | 'answers' | 'promise';

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p className="cc-error" id={id} role="alert">
      {text}
    </p>
  ) : null;
}

/**
 * 申请陪护证 (/patientCareCard/apply): the hospital's notice; the patient to accompany (the account's proven
 * contacts in hospital now, with ward and bed); the companion's name, ID number (checked as 000 §5) and phone;
 * the relation; the hospital's health declaration (是/否 each) and the promise; 提交申请 → 提交成功. Each
 * message shows beside its field; the service's refusal (a failed declaration, a second card for the same
 * companion and stay) shows above the button.
 */
export default function ApplyPage() {
  const hospitalId = useHospitalId();
  const navigate = useNavigate();
  const inpatients = useRemote(
    hospitalId
      ? (signal) => api.request(listCompanionInpatients, { query: { hospitalId } }, { signal })
      : null,
    hospitalId ?? '',
  );
  const declaration = useRemote(
    hospitalId
      ? (signal) => api.request(getCompanionDeclaration, { query: { hospitalId } }, { signal })
      : null,
    hospitalId ?? '',
  );
  const [stayId, setStayId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [idCard, setIdCard] = useState('');
  const [phone, setPhone] = useState('');
  const [relation, setRelation] = useState<CompanionRelation | null>(null);
  const [answers, setAnswers] = useState<Record<string, boolean>>({});
  const [promised, setPromised] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!hospitalId) return <NoHospital />;
  if (inpatients.data === null || declaration.data === null) {
    const failed = [inpatients, declaration].find((r) => r.status === 'error' && r.data === null);
    const reload = () => {
      inpatients.reload();
      declaration.reload();
    };
    return (
      <RemoteState
        remote={{ status: failed ? 'error' : 'loading', error: failed?.error, reload }}
        failed="申请信息加载失败"
      />
    );
  }
  const stays = inpatients.data;
  const form = declaration.data;
  if (stays.length === 0) {
    return (
      <div className="fk-page">
        <EmptyState text="您的就诊人中暂无正在住院的患者">
          <p className="fk-muted">
            陪护证只能为正在住院的患者申请；就诊人需先验证身份（医院登记手机号验证码或人脸识别验证）后才会显示在这里。
          </p>
        </EmptyState>
      </div>
    );
  }
  const chosenStay = stayId ?? (stays.length === 1 ? stays[0].stayId : null);

  const submit = async () => {
    const found: Partial<Record<Field, string>> = {};
    if (!chosenStay) found.stay = '请选择陪护的患者';
    if (name.trim() === '') found.name = '请填写陪护人姓名';
    const id = validateMainlandId(idCard.trim());
    if (idCard.trim() === '') found.idCard = '请填写陪护人身份证号';
    else if (!id.valid) found.idCard = id.message;
    else if (id.birthDate && ageOn(id.birthDate, chinaDate(Date.now())) < COMPANION_MIN_AGE) {
      found.idCard = `陪护人须年满${COMPANION_MIN_AGE}周岁`;
    }
    const phoneCheck = validatePhone(phone.trim());
    if (!phoneCheck.valid) found.phone = phoneCheck.message;
    if (!relation) found.relation = '请选择与患者关系';
    if (form.questions.some((q) => answers[q.code] === undefined)) found.answers = '请回答全部健康申报问题';
    if (!promised) found.promise = '请阅读并勾选承诺';
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length > 0 || !chosenStay || !relation) return;
    setBusy(true);
    try {
      const card = await api.request(applyCompanionCard, {
        body: {
          hospitalId,
          stayId: chosenStay,
          companionName: name.trim(),
          companionIdCard: idCard.trim(),
          companionPhone: phone.trim(),
          relation,
          answers: form.questions.map((q) => ({ code: q.code, answer: answers[q.code] })),
          promised,
        },
      });
      navigate(successPath(card.cardId), { replace: true });
    } catch (error) {
      if (isCancelled(error)) return;
      setRefusal(errorText(error, '提交失败，请稍后重试'));
      setBusy(false);
    }
  };

  const described = (field: Field) => (errors[field] ? { 'aria-describedby': `cc-${field}-error` } : {});

  return (
    <div className="fk-page">
      <section className="fk-notice" aria-label="陪护须知">
        {form.notice.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </section>

      <h2 className="fk-section-title">陪护的患者</h2>
      <div className="fk-card">
        <ChoiceGroup
          label="陪护的患者"
          name="stay"
          value={chosenStay}
          onChange={setStayId}
          options={stays.map((s) => ({
            value: s.stayId,
            text: `${maskName(s.patientName)} · ${s.department}`,
            meta: `${s.ward} ${s.bed} · ${s.admittedOn}入院`,
          }))}
        />
      </div>
      <FieldError id="cc-stay-error" text={errors.stay} />

      <h2 className="fk-section-title">陪护人信息</h2>
      <label className="cc-label" htmlFor="cc-name">
        姓名
      </label>
      <input
        id="cc-name"
        className="cc-input"
        autoComplete="name"
        maxLength={30}
        placeholder="与身份证一致"
        value={name}
        onChange={(e) => setName(e.target.value)}
        {...described('name')}
      />
      <FieldError id="cc-name-error" text={errors.name} />
      <label className="cc-label" htmlFor="cc-id-card">
        身份证号
      </label>
      <input
        id="cc-id-card"
        className="cc-input"
        maxLength={18}
        autoComplete="off"
        placeholder="18位居民身份证号"
        value={idCard}
        onChange={(e) => setIdCard(e.target.value)}
        {...described('idCard')}
      />
      <FieldError id="cc-idCard-error" text={errors.idCard} />
      <label className="cc-label" htmlFor="cc-phone">
        手机号
      </label>
      <input
        id="cc-phone"
        className="cc-input"
        type="tel"
        inputMode="numeric"
        maxLength={11}
        autoComplete="tel"
        placeholder="病区联系陪护人时使用"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        {...described('phone')}
      />
      <FieldError id="cc-phone-error" text={errors.phone} />
      <h3 className="cc-label">与患者关系</h3>
      <div className="fk-card">
        <ChoiceGroup
          label="与患者关系"
          name="relation"
          grid
          small
          value={relation}
          onChange={(v) => setRelation(v as CompanionRelation)}
          options={(Object.keys(COMPANION_RELATIONS) as CompanionRelation[]).map((r) => ({
            value: r,
            text: COMPANION_RELATIONS[r],
          }))}
        />
      </div>
      <FieldError id="cc-relation-error" text={errors.relation} />

      <h2 className="fk-section-title">健康申报</h2>
      {form.questions.map((q, i) => (
        <div key={q.code} className="cc-question">
          {/* Seen here; screen readers hear it once, as the name of the 是/否 group. */}
          <p className="cc-question__text" aria-hidden="true">
            {i + 1}. {q.text}
          </p>
          <ChoiceGroup
            label={`${i + 1}. ${q.text}`}
            name={`q-${q.code}`}
            row
            small
            value={answers[q.code] === undefined ? null : answers[q.code] ? 'yes' : 'no'}
            onChange={(v) => setAnswers((a) => ({ ...a, [q.code]: v === 'yes' }))}
            options={[
              { value: 'yes', text: '是' },
              { value: 'no', text: '否' },
            ]}
          />
        </div>
      ))}
      <FieldError id="cc-answers-error" text={errors.answers} />
      <label className="cc-promise">
        <input type="checkbox" checked={promised} onChange={(e) => setPromised(e.target.checked)} />
        <span>{form.promise}</span>
      </label>
      <FieldError id="cc-promise-error" text={errors.promise} />
      {refusal && (
        <p className="cc-error cc-refusal" role="alert">
          {refusal}
        </p>
      )}
      <button
        type="button"
        className="fk-button fk-button--primary fk-button--block"
        disabled={busy}
        onClick={submit}
      >
        {busy ? '正在提交…' : '提交申请'}
      </button>
    </div>
  );
}
