import { isCancelled } from '@patient/api-client';
import type { FollowUpTask, Question } from '@patient/contract';
import { ChoiceGroup } from '@patient/feature-kit';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SUCCESS_PATHS } from './params.ts';
import { saveTask } from './task.tsx';

const paragraphs = (text: string) =>
  text
    .split(/\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');

function Checkboxes({
  question,
  value,
  onChange,
}: {
  question: Question;
  value: string[];
  onChange(value: string[]): void;
}) {
  return (
    <div className="fk-choices">
      {question.options.map((o) => {
        const checked = value.includes(o.value);
        return (
          <label key={o.value} className="fk-choice" data-checked={checked || undefined}>
            <input
              type="checkbox"
              className="fk-visually-hidden"
              checked={checked}
              onChange={() => onChange(checked ? value.filter((v) => v !== o.value) : [...value, o.value])}
            />
            <span>{o.label}</span>
          </label>
        );
      })}
    </div>
  );
}

/**
 * The questions of a survey, scale or follow-up: one choice (radios), several (checkboxes) or text; a done
 * task shows its answers read-only. 提交 checks every required question first (the first one missing is
 * named), then saves once and goes to the kind's success page.
 */
export function Questionnaire({ task }: { task: FollowUpTask }) {
  const navigate = useNavigate();
  const done = task.status === 'DONE';
  const [answers, setAnswers] = useState<Record<string, string[]>>(task.answers ?? {});
  const [texts, setTexts] = useState<Record<string, string>>(
    Object.fromEntries(
      task.questions
        .filter((q) => q.type === 'TEXT')
        .map((q) => [q.questionId, (task.answers?.[q.questionId] ?? []).join('\n')]),
    ),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const all: Record<string, string[]> = {};
    for (const [i, q] of task.questions.entries()) {
      const given = q.type === 'TEXT' ? paragraphs(texts[q.questionId] ?? '') : (answers[q.questionId] ?? []);
      if (given.length === 0 && q.required) {
        setProblem(`请回答第${i + 1}题：${q.title}`);
        document.getElementById(`question-${q.questionId}`)?.focus();
        return;
      }
      if (given.length > 0) all[q.questionId] = given;
    }
    setProblem(null);
    setBusy(true);
    try {
      const saved = await saveTask(task, all);
      const path = SUCCESS_PATHS[saved.kind as keyof typeof SUCCESS_PATHS];
      if (path) navigate(path, { replace: true, state: { task: saved } });
    } catch (error) {
      if (!isCancelled(error)) setBusy(false);
    }
  };

  return (
    <>
      <ol className="fk-list" aria-label="问题">
        {task.questions.map((q, i) => (
          <li key={q.questionId}>
            <fieldset className="fb-question" id={`question-${q.questionId}`} tabIndex={-1} disabled={done}>
              <legend>
                {i + 1}. {q.title}
                {q.required && (
                  <>
                    <span className="fb-required" aria-hidden="true">
                      {' '}
                      *
                    </span>
                    <span className="fk-visually-hidden">（必答）</span>
                  </>
                )}
              </legend>
              {q.type === 'SINGLE' && (
                <ChoiceGroup
                  label={q.title}
                  name={q.questionId}
                  value={answers[q.questionId]?.[0] ?? null}
                  onChange={(v) => setAnswers((a) => ({ ...a, [q.questionId]: [v] }))}
                  options={q.options.map((o) => ({ value: o.value, text: o.label, disabled: done }))}
                />
              )}
              {q.type === 'MULTIPLE' && (
                <Checkboxes
                  question={q}
                  value={answers[q.questionId] ?? []}
                  onChange={(v) => setAnswers((a) => ({ ...a, [q.questionId]: v }))}
                />
              )}
              {q.type === 'TEXT' && (
                <textarea
                  className="fb-textarea"
                  aria-label={q.title}
                  maxLength={500}
                  readOnly={done}
                  value={texts[q.questionId] ?? ''}
                  onChange={(e) => setTexts((t) => ({ ...t, [q.questionId]: e.target.value }))}
                />
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      {problem && (
        <p className="fb-error" role="alert">
          {problem}
        </p>
      )}
      {!done && (
        <button
          type="button"
          className="fk-button fk-button--primary fk-button--block"
          disabled={busy}
          onClick={submit}
        >
          {busy ? '正在提交…' : '提交'}
        </button>
      )}
    </>
  );
}
