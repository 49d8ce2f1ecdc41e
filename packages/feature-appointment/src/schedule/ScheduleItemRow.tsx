import type { ScheduleItem } from '@patient/contract';
import { itemBookable } from './grouping.ts';
import { schedulePath } from './paths.ts';
import { ScheduleChoice } from './views.tsx';

/**
 * One half-day of a schedule overview: who (a doctor, or the department clinic) and the choice, linking to the
 * slots (same-day booking for today's schedules).
 */
export function ScheduleItemRow({ item, today }: { item: ScheduleItem; today: string }) {
  const who = item.doctorId
    ? `${item.doctorName ?? ''} ${item.doctorTitle ?? ''}`.trim()
    : '科室门诊 · 不指定医生';
  return (
    <li className="ap-row">
      <span className="ap-row__who">{who}</span>
      <ScheduleChoice
        item={item}
        today={today}
        to={itemBookable(item) ? schedulePath(item.date === today, item) : null}
      />
    </li>
  );
}
