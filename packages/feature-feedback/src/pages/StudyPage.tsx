import { api } from '@patient/api-client';
import { getFollowUpTask } from '@patient/contract';
import { useIds } from '../params.ts';
import { ConfirmOnce, TaskFrame, useTask } from '../task.tsx';

/** 健康宣教 (/feedback/studyDetail/:inhospitalId/:taskId): an article to read, then 我已阅读 (confirmed once). */
export default function StudyPage() {
  const ids = useIds('inhospitalId', 'taskId');
  const remote = useTask(
    ids ? (signal) => api.request(getFollowUpTask, { params: ids }, { signal }) : null,
    ids ? `${ids.inhospitalId}/${ids.taskId}` : '',
  );
  return (
    <TaskFrame ok={ids !== null} remote={remote}>
      {(task) => (
        <>
          <article className="fk-card fb-text" aria-label="宣教内容">
            {(task.article ?? []).map((p) => (
              <p key={p}>{p}</p>
            ))}
          </article>
          <ConfirmOnce task={task} label="我已阅读" done="已确认阅读" primary onDone={remote.set} />
        </>
      )}
    </TaskFrame>
  );
}
