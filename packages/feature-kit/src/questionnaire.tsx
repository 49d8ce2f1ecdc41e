import { confirm } from '@patient/ui-kit';
import { useState } from 'react';
import { ChoiceGroup } from './views.tsx';
import './base.css';
import './questionnaire.css';

/** Answers by question id: the chosen option values, or a text answer's paragraphs. */
export type Answers = Record<string, string[]>;

/** A question as the contract gives it (a follow-up's `Question`, a screening's `ScreeningQuestion`). */
export interface QuestionnaireQuestion {
  questionId: string;
  title: string;
  /** SINGLE: one option; MULTIPLE: any; TEXT: typed. */
  type: 'SINGLE' | 'MULTIPLE' | 'TEXT';
  required: boolean;
  /** `none`: an option ('以上都没有') that clears the others when chosen, and is cleared by them. */
  options: readonly { value: string; label: string; none?: boolean }[];
}

const paragraphs = (text: string) =>
  text
    .split(/\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');

/**
 * The answers to send (a text answer split in its non-empty paragraphs), or the first required question left
 * empty: its message ('请回答第2题：…') and id.
 */
export function collectAnswers(
  questions: readonly QuestionnaireQuestion[],
  chosen: Answers,
  texts: Record<string, string>,
): { answers: Answers } | { missing: string; questionId: string } {
  const answers: Answers = {};
  for (const [i, q] of questions.entries()) {
    const given = q.type === 'TEXT' ? paragraphs(texts[q.questionId] ?? '') : (chosen[q.questionId] ?? []);
    if (given.length === 0 && q.required)
      return { missing: `请回答第${i + 1}题：${q.title}`, questionId: q.questionId };
    if (given.length > 0) answers[q.questionId] = given;
  }
  return { answers };
}

function Checkboxes({
  question,
  value,
  disabled,
  onChange,
}: {
  question: QuestionnaireQuestion;
  value: string[];
  disabled: boolean;
  onChange(value: string[]): void;
}) {
  const none = new Set(question.options.filter((o) => o.none).map((o) => o.value));
  const toggle = (option: string, checked: boolean) => {
    if (checked) onChange(value.filter((v) => v !== option));
    else if (none.has(option)) onChange([option]);
    else onChange([...value.filter((v) => !none.has(v)), option]);
  };
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
              disabled={disabled}
              onChange={() => toggle(o.value, checked)}
            />
            <span>{o.label}</span>
          </label>
        );
      })}
    </div>
  );
}

export interface QuestionnaireProps {
  questions: readonly QuestionnaireQuestion[];
  /** The answers given before: a done questionnaire shows them. */
  answers?: Answers | null;
  /** Shows the answers without a way to change or send them. */
  readOnly?: boolean;
  /**
   * Sends the answers, after the patient confirmed. Resolves once saved (the caller moves on); a rejection
   * leaves the answers for another try (api-client has said why).
   */
  onSubmit(answers: Answers): Promise<unknown>;
  /** The submit button's text; default '提交'. */
  submitText?: string;
  /** The confirm dialog: its title (default '提交问卷'), text (default: sent once, no changes after), cancel. */
  confirmTitle?: string;
  confirmMessage?: string;
  cancelText?: string;
}

/**
 * A questionnaire: one choice (radios), several (checkboxes, a `none` option exclusive) or text per question,
 * numbered, required ones marked. 提交 first names the first required question left empty (and focuses it), then asks to confirm, then
 * sends the answers once. Options are full-width rows whose text wraps; targets follow ui-kit's
 * `--tap-target`, so elder mode enlarges them.
 */
export function Questionnaire({
  questions,
  answers: given,
  readOnly = false,
  onSubmit,
  submitText = '提交',
  confirmTitle = '提交问卷',
  confirmMessage = '每份问卷只能提交一次，提交后不能修改。确定提交吗？',
  cancelText,
}: QuestionnaireProps) {
  const [chosen, setChosen] = useState<Answers>(given ?? {});
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      questions
        .filter((q) => q.type === 'TEXT')
        .map((q) => [q.questionId, (given?.[q.questionId] ?? []).join('\n')]),
    ),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const collected = collectAnswers(questions, chosen, texts);
    if ('missing' in collected) {
      setProblem(collected.missing);
      document.getElementById(`question-${collected.questionId}`)?.focus();
      return;
    }
    setProblem(null);
    const ok = await confirm({
      title: confirmTitle,
      message: confirmMessage,
      confirmText: '确定提交',
      cancelText,
    });
    if (!ok) return;
    setBusy(true);
    try {
      await onSubmit(collected.answers);
    } catch {
      // api-client has told the patient; the answers stay for another try
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ol className="fk-list" aria-label="问题">
        {questions.map((q, i) => (
          <li key={q.questionId}>
            <fieldset
              className="fk-question"
              id={`question-${q.questionId}`}
              tabIndex={-1}
              disabled={readOnly}
            >
              <legend className="fk-question__title">
                {i + 1}. {q.title}
                {q.required && (
                  <>
                    <span className="fk-question__required" aria-hidden="true">
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
                  value={chosen[q.questionId]?.[0] ?? null}
                  onChange={(v) => setChosen((a) => ({ ...a, [q.questionId]: [v] }))}
                  options={q.options.map((o) => ({ value: o.value, text: o.label, disabled: readOnly }))}
                />
              )}
              {q.type === 'MULTIPLE' && (
                <Checkboxes
                  question={q}
                  value={chosen[q.questionId] ?? []}
                  disabled={readOnly}
                  onChange={(v) => setChosen((a) => ({ ...a, [q.questionId]: v }))}
                />
              )}
              {q.type === 'TEXT' && (
                <textarea
                  className="fk-question__text"
                  aria-label={q.title}
                  maxLength={500}
                  readOnly={readOnly}
                  value={texts[q.questionId] ?? ''}
                  placeholder={readOnly ? '未填写' : q.required ? '请输入' : '请输入（选填）'}
                  onChange={(e) => setTexts((t) => ({ ...t, [q.questionId]: e.target.value }))}
                />
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      {problem && (
        <p className="fk-question__problem" role="alert">
          {problem}
        </p>
      )}
      {!readOnly && (
        <button
          type="button"
          className="fk-button fk-button--primary fk-button--block"
          disabled={busy}
          onClick={submit}
        >
          {busy ? '正在提交…' : submitText}
        </button>
      )}
    </>
  );
}
