import { api } from '@patient/api-client';
import { getFollowUpTask } from '@patient/contract';
import { useIds } from '../params.ts';
import { TaskFrame, TaskQuestions, useTask } from '../task.tsx';

/** 出院随访 (/feedback/missionDetail/:inhospitalId/:taskId): how the patient is doing after discharge, answered once. */
export default function MissionPage() {
  const ids = useIds('inhospitalId', 'taskId');
  const remote = useTask(
    ids ? (signal) => api.request(getFollowUpTask, { params: ids }, { signal }) : null,
    ids ? `${ids.inhospitalId}/${ids.taskId}` : '',
  );
  return (
    <TaskFrame ok={ids !== null} remote={remote}>
      {(task) => <TaskQuestions task={task} />}
    </TaskFrame>
  );
}
