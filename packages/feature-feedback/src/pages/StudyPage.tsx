import { api, isCancelled } from '@patient/api-client';
import { getFollowUpTask } from '@patient/contract';
import { toast } from '@patient/ui-kit';
import { useState } from 'react';
import { useIds } from '../params.ts';
import { saveTask, TaskFrame, useTask } from '../task.tsx';

/** 健康宣教 (/feedback/studyDetail/:inhospitalId/:taskId): an article to read, then 我已阅读 (confirmed once). */
export default function StudyPage() {
  const ids = useIds('inhospitalId', 'taskId');
  const [busy, setBusy] = useState(false);
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
          {task.status === 'PENDING' && (
            <button
              type="button"
              className="fk-button fk-button--primary fk-button--block"
              disabled={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  remote.set(await saveTask(task, {}));
                  void toast('已确认阅读');
                } catch (error) {
                  if (!isCancelled(error)) setBusy(false);
                }
              }}
            >
              我已阅读
            </button>
          )}
        </>
      )}
    </TaskFrame>
  );
}
