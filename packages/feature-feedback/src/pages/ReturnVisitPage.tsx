import { api } from '@patient/api-client';
import { useAppState } from '@patient/app-state';
import { getFollowUpTask, onlineBookingOpen } from '@patient/contract';
import { InfoList } from '@patient/feature-kit';
import { Link } from 'react-router-dom';
import { useIds } from '../params.ts';
import { ConfirmOnce, TaskFrame, useTask } from '../task.tsx';

/**
 * 复诊提醒 (/feedback/returnHospitalDetail/:inhospitalId/:taskId): when and where to come back, what to bring;
 * 去预约挂号, and 我知道了 (acknowledged once).
 */
export default function ReturnVisitPage() {
  const ids = useIds('inhospitalId', 'taskId');
  const bookingOpen = useAppState((s) => onlineBookingOpen(s.systemParam));
  const remote = useTask(
    ids ? (signal) => api.request(getFollowUpTask, { params: ids }, { signal }) : null,
    ids ? `${ids.inhospitalId}/${ids.taskId}` : '',
  );
  return (
    <TaskFrame ok={ids !== null} remote={remote}>
      {(task) =>
        task.returnVisit && (
          <>
            <InfoList
              label="复诊安排"
              rows={[
                ['建议复诊日期', task.returnVisit.date],
                ['复诊科室', task.returnVisit.department],
                ['医生', task.returnVisit.doctor || '—'],
              ]}
            />
            <section className="fk-card fb-text" aria-label="复诊须知">
              {task.returnVisit.notes.map((n) => (
                <p key={n}>{n}</p>
              ))}
            </section>
            <div className="fk-actions">
              {bookingOpen ? (
                <Link className="fk-button fk-button--primary" to="/depts">
                  去预约挂号
                </Link>
              ) : (
                <p className="fb-note">请到医院挂号窗口或自助机挂号</p>
              )}
              <ConfirmOnce task={task} label="我知道了" done="已确认，请按时复诊" onDone={remote.set} />
            </div>
          </>
        )
      }
    </TaskFrame>
  );
}
