import { api, isCancelled } from '@patient/api-client';
import { type FollowUpTask, saveFollowUpTask } from '@patient/contract';
import {
  BadLink,
  FollowUpIntro,
  Questionnaire,
  type Remote,
  RemotePage,
  StatusBanner,
  useRemote,
} from '@patient/feature-kit';
import { toast } from '@patient/ui-kit';
import { chinaDateTime } from '@patient/validation';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SUCCESS_PATHS } from './params.ts';
import '@patient/feature-kit/base.css';
import './feedback.css';

/** A task of the route's ids, loaded with `load` (null for a bad link: nothing is sent). */
export function useTask(
  load: ((signal: AbortSignal) => Promise<FollowUpTask>) | null,
  key: string,
): Remote<FollowUpTask> {
  return useRemote(load, key);
}

/** Saves the answers (or the confirmation: no answers) of a task. */
export const saveTask = (task: FollowUpTask, answers: Record<string, string[]>) =>
  api.request(saveFollowUpTask, { body: { inhospitalId: task.inhospitalId, taskId: task.taskId, answers } });

/** 'YYYY-MM-DD HH:mm' in China time. */
export const dateTime = (iso: string): string => chinaDateTime(iso);

/** A task's screen: a bad link, loading, not found, failed, or `children(task)` under its header. */
export function TaskFrame({
  ok,
  remote,
  children,
}: {
  /** False when the link's ids are missing or malformed. */
  ok: boolean;
  remote: Remote<FollowUpTask>;
  children(task: FollowUpTask): ReactNode;
}) {
  if (!ok)
    return <BadLink page message="链接无效，请从医院发送的消息重新进入" to="/homepage" back="返回首页" />;
  return (
    <RemotePage
      remote={remote}
      failed="随访任务加载失败"
      notFound="未找到该随访任务，请确认是否使用本人账号打开，或从医院发送的消息重新进入"
    >
      {(task) => (
        <div className="fk-page">
          <FollowUpIntro task={task} className="fb-text" />
          {task.status === 'DONE' && task.doneAt && (
            <StatusBanner
              label="完成状态"
              info={{
                label: '已完成',
                hint: `已于 ${dateTime(task.doneAt)} 提交，每项只需完成一次`,
                tone: 'success',
              }}
            />
          )}
          {children(task)}
        </div>
      )}
    </RemotePage>
  );
}

/** The questions of a survey, scale or follow-up (done: read-only); once sent, the kind's success page. */
export function TaskQuestions({ task }: { task: FollowUpTask }) {
  const navigate = useNavigate();
  return (
    <Questionnaire
      questions={task.questions}
      answers={task.answers}
      readOnly={task.status === 'DONE'}
      onSubmit={async (answers) => {
        const saved = await saveTask(task, answers);
        const path = SUCCESS_PATHS[saved.kind as keyof typeof SUCCESS_PATHS];
        if (path) navigate(path, { replace: true, state: { task: saved } });
      }}
    />
  );
}

/**
 * The one-time confirmation of a task without questions (我已阅读, 我知道了): saves it once, then shows the task
 * as done (`onDone` with what the service answered) and says `done`.
 */
export function ConfirmOnce({
  task,
  label,
  done,
  primary = false,
  onDone,
}: {
  task: FollowUpTask;
  label: string;
  done: string;
  primary?: boolean;
  onDone(task: FollowUpTask): void;
}) {
  const [busy, setBusy] = useState(false);
  if (task.status !== 'PENDING') return null;
  return (
    <button
      type="button"
      className={`fk-button${primary ? ' fk-button--primary fk-button--block' : ''}`}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          onDone(await saveTask(task, {}));
          void toast(done);
        } catch (error) {
          if (!isCancelled(error)) setBusy(false);
        }
      }}
    >
      {label}
    </button>
  );
}
