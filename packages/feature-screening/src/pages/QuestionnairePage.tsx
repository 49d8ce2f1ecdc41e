import { api, isCancelled } from '@patient/api-client';
import { type ScreeningForm, type ScreeningQuestion, submitScreening } from '@patient/contract';
import { BadLink, ChoiceGroup, InfoList } from '@patient/feature-kit';
import { confirm } from '@patient/ui-kit';
import { maskIdCard, maskName } from '@patient/validation';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CommunityFrame, Steps } from '../community.tsx';
import { clearDraft, readDraft, type ScreeningDraft } from '../draft.ts';
import '@patient/feature-kit/base.css';
import '../screening.css';

/** Several options as checkboxes; an option marked `none` clears the others (and they clear it). */
function Checkboxes({
  question,
  value,
  onChange,
}: {
  question: ScreeningQuestion;
  value: string[];
  onChange(value: string[]): void;
}) {
  const none = new Set(question.options.filter((o) => o.none).map((o) => o.value));
  return (
    <div className="fk-choices">
      {question.options.map((o) => {
        const checked = value.includes(o.value);
        const toggle = () => {
          if (checked) onChange(value.filter((v) => v !== o.value));
          else if (o.none) onChange([o.value]);
          else onChange([...value.filter((v) => !none.has(v)), o.value]);
        };
        return (
          <label key={o.value} className="fk-choice" data-checked={checked || undefined}>
            <input type="checkbox" className="fk-visually-hidden" checked={checked} onChange={toggle} />
            <span>{o.label}</span>
          </label>
        );
      })}
    </div>
  );
}

function Questions({ form, draft }: { form: ScreeningForm; draft: Required<ScreeningDraft> }) {
  const navigate = useNavigate();
  const [answers, setAnswers] = useState<Record<string, string[]>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const person = draft.person!;

  const submit = async () => {
    for (const [i, q] of form.questions.entries()) {
      if (q.required && (answers[q.questionId] ?? []).length === 0) {
        setProblem(`请回答第${i + 1}题：${q.title}`);
        document.getElementById(`question-${q.questionId}`)?.focus();
        return;
      }
    }
    setProblem(null);
    const sure = await confirm({
      title: '提交筛查问卷',
      message: '每位居民每次筛查只能提交一次，提交后不能修改。确定提交吗？',
      confirmText: '确定提交',
      cancelText: '再检查一下',
    });
    if (!sure) return;
    setBusy(true);
    try {
      const result = await api.request(submitScreening, {
        body: {
          communityId: form.community.communityId,
          name: person.name,
          identityCard: person.identityCard,
          phone: person.phone,
          address: person.address,
          health: draft.health!,
          answers,
        },
      });
      clearDraft();
      navigate('/diseaseScreeningSuccess', {
        replace: true,
        state: { result, person: { identityCard: person.identityCard, name: person.name } },
      });
    } catch (error) {
      if (!isCancelled(error)) setBusy(false);
    }
  };

  return (
    <div className="fk-page">
      <Steps current={2} />
      <InfoList
        label="筛查居民"
        rows={[
          ['社区', `${form.street.name} · ${form.community.name}`],
          ['居民', maskName(person.name)],
          ['身份证号', maskIdCard(person.identityCard)],
        ]}
      />
      <ol className="fk-list" aria-label="问题">
        {form.questions.map((q, i) => (
          <li key={q.questionId}>
            <fieldset className="sc-question" id={`question-${q.questionId}`} tabIndex={-1}>
              <legend>
                {i + 1}. {q.title}
                {q.required && (
                  <>
                    <span className="sc-required" aria-hidden="true">
                      {' '}
                      *
                    </span>
                    <span className="fk-visually-hidden">（必答）</span>
                  </>
                )}
              </legend>
              {q.type === 'SINGLE' ? (
                <ChoiceGroup
                  label={q.title}
                  name={q.questionId}
                  value={answers[q.questionId]?.[0] ?? null}
                  onChange={(v) => setAnswers((a) => ({ ...a, [q.questionId]: [v] }))}
                  options={q.options.map((o) => ({ value: o.value, text: o.label }))}
                />
              ) : (
                <Checkboxes
                  question={q}
                  value={answers[q.questionId] ?? []}
                  onChange={(v) => setAnswers((a) => ({ ...a, [q.questionId]: v }))}
                />
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      {problem && (
        <p className="sc-error" role="alert">
          {problem}
        </p>
      )}
      <div className="fk-actions">
        <button
          type="button"
          className="fk-button fk-button--primary fk-button--block"
          disabled={busy}
          onClick={submit}
        >
          {busy ? '正在提交…' : '提交问卷'}
        </button>
      </div>
    </div>
  );
}

/**
 * 风险筛查问卷 (/questionnaireDetail): the campaign's risk questions from the service (one choice or several;
 * a missing required one is named), who and where above (masked); 提交问卷 after a confirm (once, no changes
 * after) → the service computes the result → /diseaseScreeningSuccess. Without the two forms first: says so.
 */
export default function QuestionnairePage() {
  const [draft] = useState(() => readDraft());
  if (!draft?.person || !draft.health) {
    return (
      <BadLink page message="请先选择社区并填写个人和健康信息" to="/screeningList" back="查看筛查活动" />
    );
  }
  return (
    <CommunityFrame communityId={draft.communityId} communityName={draft.communityName}>
      {(form) => <Questions form={form} draft={draft as Required<ScreeningDraft>} />}
    </CommunityFrame>
  );
}
