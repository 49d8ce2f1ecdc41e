import {
  CHRONIC_DISEASES,
  type ChronicDisease,
  DRINKING,
  EXERCISE,
  HEALTH_MEASURES,
  type HealthInfo,
  type HealthMeasure,
  healthInfoProblems,
  healthMeasureProblem,
  type ScreeningForm,
  SMOKING,
} from '@patient/contract';
import { BadLink, ChoiceGroup } from '@patient/feature-kit';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { CommunityFrame, Steps } from '../community.tsx';
import { readDraft, writeDraft } from '../draft.ts';
import { Field } from '../Field.tsx';
import { personalFormPath } from '../params.ts';
import '@patient/feature-kit/base.css';
import '../screening.css';

type Habit = 'smoking' | 'drinking' | 'exercise';
type DiseaseList = 'history' | 'familyHistory';
const HABITS: [Habit, string, Record<string, string>][] = [
  ['smoking', '吸烟情况', SMOKING],
  ['drinking', '饮酒情况', DRINKING],
  ['exercise', '运动情况', EXERCISE],
];
const DISEASES: [DiseaseList, string][] = [
  ['history', '本人已确诊的疾病'],
  ['familyHistory', '父母或兄弟姐妹患有的疾病'],
];
const MEASURES = Object.keys(HEALTH_MEASURES) as HealthMeasure[];

/** A typed measurement as a number: '' → null, anything unreadable → NaN (its message says so). */
const numberOf = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

/** The diseases as checkboxes, with 无 that clears them (null: not answered yet). */
function DiseaseChecks({
  name,
  label,
  value,
  onChange,
  problem,
}: {
  name: string;
  label: string;
  value: ChronicDisease[] | null;
  onChange(value: ChronicDisease[]): void;
  problem?: string;
}) {
  const options = [
    ...(Object.entries(CHRONIC_DISEASES) as [ChronicDisease, string][]),
    ['NONE', '无'] as const,
  ];
  return (
    <fieldset className="sc-question" id={`health-${name}`} tabIndex={-1}>
      <legend>{label}（可多选）</legend>
      <div className="fk-choices fk-choices--row">
        {options.map(([key, text]) => {
          const checked = key === 'NONE' ? value?.length === 0 : (value ?? []).includes(key);
          return (
            <label key={key} className="fk-choice fk-choice--small" data-checked={checked || undefined}>
              <input
                type="checkbox"
                className="fk-visually-hidden"
                checked={checked}
                onChange={() => {
                  if (key === 'NONE') onChange([]);
                  else onChange(checked ? (value ?? []).filter((v) => v !== key) : [...(value ?? []), key]);
                }}
              />
              <span>{text}</span>
            </label>
          );
        })}
      </div>
      {problem && (
        <p className="sc-error" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}

function HealthForm({ form }: { form: ScreeningForm }) {
  const navigate = useNavigate();
  const { communityId, name: communityName } = form.community;
  const draft = readDraft(communityId);
  const h = draft?.health ?? null;
  const [texts, setTexts] = useState<Record<HealthMeasure, string>>(
    () =>
      Object.fromEntries(MEASURES.map((m) => [m, h?.[m] == null ? '' : String(h[m])])) as Record<
        HealthMeasure,
        string
      >,
  );
  const [habits, setHabits] = useState<Record<Habit, string | null>>({
    smoking: h?.smoking ?? null,
    drinking: h?.drinking ?? null,
    exercise: h?.exercise ?? null,
  });
  const [lists, setLists] = useState<Record<DiseaseList, ChronicDisease[] | null>>({
    history: h?.history ?? null,
    familyHistory: h?.familyHistory ?? null,
  });
  const [problems, setProblems] = useState<Record<string, string>>({});
  if (!draft?.person) {
    return (
      <BadLink
        page
        message="请先填写个人信息"
        to={personalFormPath(communityId, communityName)}
        back="填写个人信息"
      />
    );
  }
  const values = Object.fromEntries(MEASURES.map((m) => [m, numberOf(texts[m])])) as Record<
    HealthMeasure,
    number | null
  >;
  const check = (m: HealthMeasure) => {
    const problem = healthMeasureProblem(m, values[m]);
    setProblems((p) => ({ ...p, [m]: problem }));
  };
  const next = () => {
    const found: Record<string, string> = { ...healthInfoProblems(values) };
    for (const [key, label] of HABITS) if (!habits[key]) found[key] = `请选择${label}`;
    for (const [key] of DISEASES) if (lists[key] === null) found[key] = '请选择，没有请选“无”';
    setProblems(found);
    const first = Object.keys(found).find((k) => found[k]);
    if (first) {
      document.getElementById(`health-${first}`)?.focus();
      return;
    }
    const health: HealthInfo = {
      heightCm: values.heightCm ?? 0,
      weightKg: values.weightKg ?? 0,
      waistCm: values.waistCm,
      systolic: values.systolic ?? 0,
      diastolic: values.diastolic ?? 0,
      fastingGlucose: values.fastingGlucose,
      smoking: habits.smoking as HealthInfo['smoking'],
      drinking: habits.drinking as HealthInfo['drinking'],
      exercise: habits.exercise as HealthInfo['exercise'],
      history: lists.history ?? [],
      familyHistory: lists.familyHistory ?? [],
    };
    writeDraft({ ...draft, health });
    navigate('/questionnaireDetail');
  };
  return (
    <div className="fk-page">
      <Steps current={1} />
      <h2 className="fk-section-title">身体测量</h2>
      <p className="sc-hint">请填写最近一个月内的测量结果；腰围和空腹血糖没有测量可不填，现场会为您测量。</p>
      <div className="fk-card">
        {MEASURES.map((m) => {
          const spec = HEALTH_MEASURES[m];
          return (
            <Field
              key={m}
              id={`health-${m}`}
              label={`${spec.label}${spec.optional ? '（选填）' : ''}`}
              unit={spec.unit}
              inputMode={spec.decimals === 0 ? 'numeric' : 'decimal'}
              maxLength={6}
              value={texts[m]}
              problem={problems[m] || undefined}
              onChange={(v) => {
                setTexts((t) => ({ ...t, [m]: v }));
                setProblems((p) => ({ ...p, [m]: '' }));
              }}
              onBlur={() => check(m)}
            />
          );
        })}
      </div>
      <h2 className="fk-section-title">生活习惯</h2>
      {HABITS.map(([key, label, options]) => (
        <fieldset key={key} className="sc-question" id={`health-${key}`} tabIndex={-1}>
          <legend>{label}</legend>
          <ChoiceGroup
            label={label}
            name={key}
            value={habits[key]}
            onChange={(v) => {
              setHabits((x) => ({ ...x, [key]: v }));
              setProblems((p) => ({ ...p, [key]: '' }));
            }}
            options={Object.entries(options).map(([value, text]) => ({ value, text }))}
          />
          {problems[key] && (
            <p className="sc-error" role="alert">
              {problems[key]}
            </p>
          )}
        </fieldset>
      ))}
      <h2 className="fk-section-title">疾病史</h2>
      {DISEASES.map(([key, label]) => (
        <DiseaseChecks
          key={key}
          name={key}
          label={label}
          value={lists[key]}
          problem={problems[key] || undefined}
          onChange={(v) => {
            setLists((x) => ({ ...x, [key]: v }));
            setProblems((p) => ({ ...p, [key]: '' }));
          }}
        />
      ))}
      <div className="fk-actions">
        <button type="button" className="fk-button fk-button--primary fk-button--block" onClick={next}>
          下一步
        </button>
      </div>
    </div>
  );
}

/**
 * 填写健康信息 (/healthInfoForm/:communityId/:communityName): measurements (height, weight, waist, blood
 * pressure, fasting sugar) with their ranges and a Chinese message beside each field (on leaving it and on
 * 下一步), habits (smoking, drinking, exercise) and own and family history (无 clears them); kept on this
 * device → /questionnaireDetail. Without the personal information first: says so and leads back to it.
 */
export default function HealthInfoPage() {
  const { streetId, streetName } = useParams();
  return (
    <CommunityFrame communityId={streetId} communityName={streetName}>
      {(form) => <HealthForm form={form} />}
    </CommunityFrame>
  );
}
