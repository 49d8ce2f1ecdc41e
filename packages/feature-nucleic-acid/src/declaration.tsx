import type { NucleicAcidHealthAnswer, NucleicAcidHealthQuestion } from '@patient/contract';
import type { Answers, QuestionnaireQuestion } from '@patient/feature-kit';

/** The declaration's answers as sent with an order: every question, 是 or 否. */
export type HealthAnswers = { code: string; answer: boolean }[];

const YES_NO = [
  { value: 'YES', label: '是' },
  { value: 'NO', label: '否' },
] as const;

/** The hospital's questions (health/list) as feature-kit's Questionnaire asks them: 是/否, each required. */
export const questionsOf = (questions: readonly NucleicAcidHealthQuestion[]): QuestionnaireQuestion[] =>
  questions.map((q) => ({
    questionId: q.code,
    title: q.text,
    type: 'SINGLE',
    required: true,
    options: YES_NO,
  }));

/** The Questionnaire's answers as the order's `health`. */
export const healthOf = (questions: readonly NucleicAcidHealthQuestion[], answers: Answers): HealthAnswers =>
  questions.map((q) => ({ code: q.code, answer: answers[q.code]?.[0] === 'YES' }));

/** The order's `health` back as the Questionnaire's answers (to show them again). */
export const answersOf = (health: HealthAnswers): Answers =>
  Object.fromEntries(health.map((h) => [h.code, [h.answer ? 'YES' : 'NO']]));

/** 健康申报 as saved with an order (orderHealth/list): each question with 是/否, a flagged answer marked. */
export function DeclarationView({ answers }: { answers: readonly NucleicAcidHealthAnswer[] }) {
  return (
    <section className="fk-card" aria-label="健康申报">
      <h2 className="fk-section-title">健康申报</h2>
      <ol className="na-declaration">
        {answers.map((a) => (
          <li key={a.code} data-flagged={a.flagged || undefined}>
            <span>{a.text}</span>
            <strong>
              {a.answer ? '是' : '否'}
              {a.flagged && <span className="na-flagged">（需到发热门诊）</span>}
            </strong>
          </li>
        ))}
      </ol>
    </section>
  );
}
