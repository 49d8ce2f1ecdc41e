import { ApiError, api, isCancelled } from '@patient/api-client';
import { type FollowUpTask, getFollowUpTask, type Question, saveFollowUpTask } from '@patient/contract';
import { BadLink, ChoiceGroup, StatusBanner, useRemote } from '@patient/feature-kit';
import { confirm, EmptyState, toast } from '@patient/ui-kit';
import { maskName } from '@patient/validation';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { chinaDateTime, FOLLOW_UP_STATUS, isCode } from '../format.ts';
import { Pending } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../reports.css';

const paragraphs = (text: string) =>
  text
    .split(/\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');

/** The answers to send, or the first required question left empty (its number and title). */
export function collectAnswers(
  questions: readonly Question[],
  chosen: Record<string, string[]>,
  texts: Record<string, string>,
): { answers: Record<string, string[]> } | { missing: string; questionId: string } {
  const answers: Record<string, string[]> = {};
  for (const [i, q] of questions.entries()) {
    const given = q.type === 'TEXT' ? paragraphs(texts[q.questionId] ?? '') : (chosen[q.questionId] ?? []);
    if (given.length === 0 && q.required)
      return { missing: `请回答第${i + 1}题：${q.title}`, questionId: q.questionId };
    if (given.length > 0) answers[q.questionId] = given;
  }
  return { answers };
}

/** The questions, answered or not; an answered task shows its answers read-only. */
function FollowUpForm({ task, onSaved }: { task: FollowUpTask; onSaved(task: FollowUpTask): void }) {
  const done = task.status === 'DONE';
  const [chosen, setChosen] = useState<Record<string, string[]>>(task.answers ?? {});
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      task.questions
        .filter((q) => q.type === 'TEXT')
        .map((q) => [q.questionId, (task.answers?.[q.questionId] ?? []).join('\n')]),
    ),
  );
  useEffect(() => {
    setChosen(task.answers ?? {});
  }, [task.answers]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (answers: Record<string, string[]>) => {
    setBusy(true);
    try {
      const saved = await api.request(saveFollowUpTask, {
        body: { inhospitalId: task.inhospitalId, taskId: task.taskId, answers },
      });
      void toast('提交成功，感谢您的配合');
      onSaved(saved);
    } catch (error) {
      if (!isCancelled(error)) setBusy(false);
    }
  };

  const submit = async () => {
    const collected = collectAnswers(task.questions, chosen, texts);
    if ('missing' in collected) {
      setProblem(collected.missing);
      document.getElementById(`question-${collected.questionId}`)?.focus();
      return;
    }
    setProblem(null);
    const ok = await confirm({
      title: '提交问卷',
      message: '每份问卷只能提交一次，提交后不能修改。确定提交吗？',
      confirmText: '确定提交',
    });
    if (ok) await send(collected.answers);
  };

  return (
    <>
      {task.questions.length > 0 && (
        <ol className="fk-list" aria-label="问题">
          {task.questions.map((q, i) => (
            <li key={q.questionId}>
              <fieldset className="rp-question" id={`question-${q.questionId}`} tabIndex={-1} disabled={done}>
                <legend className="rp-question__title">
                  {i + 1}. {q.title}
                  {q.required && <span className="fk-visually-hidden">（必答）</span>}
                </legend>
                {q.type === 'SINGLE' && (
                  <ChoiceGroup
                    label={q.title}
                    name={q.questionId}
                    value={chosen[q.questionId]?.[0] ?? null}
                    onChange={(v) => setChosen((a) => ({ ...a, [q.questionId]: [v] }))}
                    options={q.options.map((o) => ({ value: o.value, text: o.label, disabled: done }))}
                  />
                )}
                {q.type === 'MULTIPLE' && (
                  <div className="fk-choices">
                    {q.options.map((o) => {
                      const value = chosen[q.questionId] ?? [];
                      const checked = value.includes(o.value);
                      return (
                        <label key={o.value} className="fk-choice" data-checked={checked || undefined}>
                          <input
                            type="checkbox"
                            className="fk-visually-hidden"
                            checked={checked}
                            disabled={done}
                            onChange={() =>
                              setChosen((a) => ({
                                ...a,
                                [q.questionId]: checked
                                  ? value.filter((v) => v !== o.value)
                                  : [...value, o.value],
                              }))
                            }
                          />
                          <span>{o.label}</span>
                        </label>
                      );
                    })}
                  </div>
                )}
                {q.type === 'TEXT' && (
                  <textarea
                    className="rp-textarea"
                    aria-label={q.title}
                    maxLength={500}
                    readOnly={done}
                    value={texts[q.questionId] ?? ''}
                    placeholder={done ? '未填写' : '请输入（选填）'}
                    onChange={(e) => setTexts((t) => ({ ...t, [q.questionId]: e.target.value }))}
                  />
                )}
              </fieldset>
            </li>
          ))}
        </ol>
      )}
      {task.article && (
        <section className="fk-card rp-article" aria-label="宣教内容">
          {task.article.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      )}
      {task.returnVisit && (
        <section className="fk-card rp-article" aria-label="复诊安排">
          <p>
            复诊日期：{task.returnVisit.date}；科室：{task.returnVisit.department}；医生：
            {task.returnVisit.doctor}
          </p>
          {task.returnVisit.notes.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      )}
      {task.result && (
        <StatusBanner
          label="量表结果"
          info={{
            label: `${task.result.score}分 · ${task.result.level}`,
            hint: task.result.advice,
            tone: 'primary',
          }}
        />
      )}
      {problem && (
        <p className="rp-error" role="alert">
          {problem}
        </p>
      )}
      {!done && (
        <button
          type="button"
          className="fk-button fk-button--primary fk-button--block"
          disabled={busy}
          onClick={task.questions.length > 0 ? submit : () => send({})}
        >
          {busy ? '正在提交…' : task.questions.length > 0 ? '提交' : task.article ? '我已阅读' : '我知道了'}
        </button>
      )}
    </>
  );
}

/**
 * 随访详情 (/patientRecord/followUpDetail/:status/:scaleId?visitNo=): one follow-up of a visit (scaleId is the
 * task): the questionnaire to answer and send once, the article to confirm, or the return-visit reminder. An
 * answered one (:status done) shows its answers read-only; the service's status wins over the link's.
 */
export default function FollowUpDetailPage() {
  const { scaleId } = useParams();
  const [query] = useSearchParams();
  const visitNo = query.get('visitNo');
  const valid = isCode(scaleId) && isCode(visitNo);
  const remote = useRemote(
    valid
      ? (signal) =>
          api.request(getFollowUpTask, { params: { inhospitalId: visitNo, taskId: scaleId } }, { signal })
      : null,
    `${visitNo}/${scaleId}`,
  );
  const [saved, setSaved] = useState<FollowUpTask | null>(null);
  if (!valid)
    return <BadLink page message="链接无效，请从随访列表重新进入" to="/patientRecord" back="查看健康档案" />;
  const task = saved ?? remote.data;
  if (!task) {
    if (remote.error instanceof ApiError && remote.error.state === 404)
      return (
        <div className="fk-page">
          <EmptyState text="未找到该随访，请确认使用本人账号，并从就诊记录的随访列表重新进入" />
        </div>
      );
    return (
      <div className="fk-page">
        <Pending remote={remote} loading="正在加载随访..." failed="随访加载失败" />
      </div>
    );
  }
  return (
    <div className="fk-page">
      <section className="fk-card" aria-label={task.title}>
        <h2 className="fk-section-title">{task.title}</h2>
        <p className="fk-muted">
          {maskName(task.patientName)} · {task.department}
        </p>
        {task.intro.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </section>
      <StatusBanner
        label="完成状态"
        info={
          task.status === 'DONE' && task.doneAt
            ? { ...FOLLOW_UP_STATUS.DONE, hint: `已于 ${chinaDateTime(task.doneAt)} 提交，答案不可修改` }
            : FOLLOW_UP_STATUS.PENDING
        }
      />
      <FollowUpForm key={task.status} task={task} onSaved={setSaved} />
    </div>
  );
}
