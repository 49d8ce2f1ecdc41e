import { api } from '@patient/api-client';
import { getScaleTask } from '@patient/contract';
import { useIds } from '../params.ts';
import { TaskFrame, TaskQuestions, useTask } from '../task.tsx';

/**
 * 量表评估 (/feedback/scanScale/:inhospitalId/:scaleId): the scale a bedside QR code opens for the stay; once
 * answered it shows its score, level and advice.
 */
export default function ScalePage() {
  const ids = useIds('inhospitalId', 'scaleId');
  const remote = useTask(
    ids ? (signal) => api.request(getScaleTask, { params: ids }, { signal }) : null,
    ids ? `${ids.inhospitalId}/${ids.scaleId}` : '',
  );
  return (
    <TaskFrame ok={ids !== null} remote={remote}>
      {(task) => (
        <>
          {task.result && (
            <section className="fk-card fb-text" aria-label="评估结果">
              <h2 className="fk-section-title">评估结果：{task.result.level}</h2>
              <p>得分 {task.result.score} 分</p>
              <p>{task.result.advice}</p>
            </section>
          )}
          <TaskQuestions task={task} />
        </>
      )}
    </TaskFrame>
  );
}
