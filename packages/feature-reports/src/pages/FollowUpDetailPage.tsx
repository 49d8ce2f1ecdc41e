import { api, isCancelled } from '@patient/api-client';
import { type FollowUpTask, getFollowUpTask, saveFollowUpTask } from '@patient/contract';
import {
  type Answers,
  BadLink,
  FollowUpIntro,
  Questionnaire,
  RemotePage,
  StatusBanner,
  useRemote,
} from '@patient/feature-kit';
import { toast } from '@patient/ui-kit';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { chinaDateTime, FOLLOW_UP_STATUS, isCode } from '../format.ts';
import '@patient/feature-kit/base.css';
import '../reports.css';

/** The questions (or the article, the return visit), answered or not; an answered task shows its answers read-only. */
function FollowUpForm({ task, onSaved }: { task: FollowUpTask; onSaved(task: FollowUpTask): void }) {
  const done = task.status === 'DONE';
  const [busy, setBusy] = useState(false);

  const send = async (answers: Answers) => {
    const saved = await api.request(saveFollowUpTask, {
      body: { inhospitalId: task.inhospitalId, taskId: task.taskId, answers },
    });
    void toast('提交成功，感谢您的配合');
    onSaved(saved);
  };

  const confirmOnly = async () => {
    setBusy(true);
    try {
      await send({});
    } catch (error) {
      if (!isCancelled(error)) setBusy(false);
    }
  };

  return (
    <>
      {task.questions.length > 0 && (
        <Questionnaire questions={task.questions} answers={task.answers} readOnly={done} onSubmit={send} />
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
      {!done && task.questions.length === 0 && (
        <button
          type="button"
          className="fk-button fk-button--primary fk-button--block"
          disabled={busy}
          onClick={confirmOnly}
        >
          {busy ? '正在提交…' : task.article ? '我已阅读' : '我知道了'}
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
  if (!valid)
    return <BadLink page message="链接无效，请从随访列表重新进入" to="/patientRecord" back="查看健康档案" />;
  return (
    <RemotePage
      remote={remote}
      loading="正在加载随访..."
      failed="随访加载失败"
      notFound="未找到该随访，请确认使用本人账号，并从就诊记录的随访列表重新进入"
      paddingTop={24}
    >
      {(task) => (
        <div className="fk-page">
          <FollowUpIntro task={task} />
          <StatusBanner
            label="完成状态"
            info={
              task.status === 'DONE' && task.doneAt
                ? { ...FOLLOW_UP_STATUS.DONE, hint: `已于 ${chinaDateTime(task.doneAt)} 提交，答案不可修改` }
                : FOLLOW_UP_STATUS.PENDING
            }
          />
          <FollowUpForm key={task.status} task={task} onSaved={remote.set} />
        </div>
      )}
    </RemotePage>
  );
}
