import { api } from '@patient/api-client';
import { getSatisfactionTask } from '@patient/contract';
import { useIds } from '../params.ts';
import { TaskFrame, TaskQuestions, useTask } from '../task.tsx';

/** 满意度调查 (/feedback/satisfyDetail/:inhospitalId/:taskId): the survey after a visit or stay, answered once. */
export default function SatisfactionPage() {
  const ids = useIds('inhospitalId', 'taskId');
  const remote = useTask(
    ids ? (signal) => api.request(getSatisfactionTask, { params: ids }, { signal }) : null,
    ids ? `${ids.inhospitalId}/${ids.taskId}` : '',
  );
  return (
    <TaskFrame ok={ids !== null} remote={remote}>
      {(task) => <TaskQuestions task={task} />}
    </TaskFrame>
  );
}
