import { api } from '@patient/api-client';
import { querySources, type ScheduleItem, type Source } from '@patient/contract';
import { RemoteState, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { formatYuan } from '@patient/validation';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  isBookable,
  sourceStateLabel,
  sourceTypeLabel,
  todayInChina,
  visitTimeLabel,
} from '../schedule/labels.ts';
import { doctorHomePath } from '../schedule/paths.ts';
import { Avatar, SourceBadge } from '../schedule/views.tsx';
import { useLockSource } from './useLockSource.ts';
import '../schedule/schedule.css';

/** Who, when, what kind and how much: the head of a schedule's time slots. */
export function ScheduleSummary({
  schedule,
  today = todayInChina(),
}: {
  schedule: ScheduleItem;
  today?: string;
}) {
  const general = schedule.doctorId === null;
  return (
    <section className="ap-card ap-summary" aria-label="排班信息">
      <Avatar name={schedule.doctorName ?? schedule.departmentName} general={general} />
      <div className="ap-summary__text">
        <p className="ap-summary__title">
          {schedule.doctorId === null ? (
            `${schedule.departmentName}门诊`
          ) : (
            <Link className="ap-summary__doctor" to={doctorHomePath(schedule.hospitalId, schedule.doctorId)}>
              {schedule.doctorName}
            </Link>
          )}
          {schedule.doctorTitle && <span className="ap-doctor__title"> {schedule.doctorTitle}</span>}
        </p>
        <p className="ap-summary__line">
          {schedule.departmentName} · {sourceTypeLabel(schedule.type)}
        </p>
        <p className="ap-summary__line">
          {visitTimeLabel(schedule.date, schedule.halfDay, today)} · 挂号费{' '}
          <span className="ap-summary__fee">{formatYuan(schedule.fee)}</span>
        </p>
      </div>
      <SourceBadge state={schedule.state} remaining={schedule.remaining} />
    </section>
  );
}

/** The time slots; a tap on a bookable one chooses it. */
export function SlotList({
  sources,
  open,
  locking,
  onChoose,
}: {
  sources: readonly Source[];
  /** False when the whole schedule cannot be booked (stopped, full). */
  open: boolean;
  locking: string | null;
  onChoose(source: Source): void;
}) {
  return (
    <ul className="ap-slots" aria-label="可选时段">
      {sources.map((source) => {
        const bookable = open && isBookable(source.state, source.remaining);
        return (
          <li key={source.sourceId}>
            <button
              type="button"
              className="ap-slot"
              disabled={!bookable || locking !== null}
              aria-busy={locking === source.sourceId || undefined}
              onClick={() => onChoose(source)}
            >
              <span className="ap-slot__time">
                {source.startTime}-{source.endTime}
              </span>{' '}
              <SourceBadge state={source.state} remaining={source.remaining} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A schedule's time slots (querySources) with its summary; choosing one locks it and opens the order page.
 * `header` replaces the summary (e.g. on the doctor's page).
 */
export function SourcesPanel({
  hospitalId,
  scheduleItemId,
  header,
}: {
  hospitalId: string;
  scheduleItemId: string;
  header?: (schedule: ScheduleItem) => ReactNode;
}) {
  const remote = useRemote(
    (signal) => api.request(querySources, { params: { hospitalId }, body: { scheduleItemId } }, { signal }),
    `${hospitalId}/${scheduleItemId}`,
  );
  const { lock, message, locking } = useLockSource(hospitalId, remote.reload);

  if (remote.data === null) {
    return <RemoteState remote={remote} loading="正在加载号源..." failed="号源加载失败" paddingTop={40} />;
  }
  const { schedule, sources } = remote.data;
  const open = isBookable(schedule.state, schedule.remaining);
  const closedText =
    schedule.state === 'STOPED'
      ? '该排班已停诊，请选择其他医生或日期'
      : `该排班${sourceStateLabel(schedule.state, schedule.remaining)}，请选择其他医生或日期`;

  return (
    <>
      {header ? header(schedule) : <ScheduleSummary schedule={schedule} />}
      {message && (
        <p className="ap-notice" role="alert">
          {message}
        </p>
      )}
      {!open && <p className="ap-notice">{closedText}</p>}
      <h2 className="ap-section-title">选择就诊时段</h2>
      {sources.length === 0 ? (
        <EmptyState text="该排班暂无可预约的时段" paddingTop={24} />
      ) : (
        <SlotList sources={sources} open={open} locking={locking} onChoose={lock} />
      )}
      <p className="ap-hint">选择时段后将为您暂时保留号源，请在倒计时结束前确认预约并完成支付。</p>
    </>
  );
}
