import type { DepartmentGroup, Doctor, ScheduleItem } from '@patient/contract';
import { EmptyState } from '@patient/ui-kit';
import { formatYuan } from '@patient/validation';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  dayLabel,
  halfDayLabel,
  monthDayLabel,
  sourceStateLabel,
  sourceTone,
  sourceTypeLabel,
} from './labels.ts';
import { deptsPath } from './paths.ts';
import '@patient/feature-kit/base.css';
import './schedule.css';

/** A link whose parameters are malformed: the message, nothing sent, and the way back to the departments. */
export function BadLink({ message, sameDay = false }: { message: string; sameDay?: boolean }) {
  return (
    <div className="ap-page">
      <EmptyState text={message}>
        <Link to={deptsPath(sameDay)} className="ap-button ap-button--primary" replace>
          返回科室列表
        </Link>
      </EmptyState>
    </div>
  );
}

/** The source label of 000 §4 as a coloured tag: 余3, 可预约, 约满, 停诊, 无号. */
export function SourceBadge({
  state,
  remaining,
}: {
  state: string | null | undefined;
  remaining?: number | null;
}) {
  return (
    <span className="ap-badge" data-tone={sourceTone(state, remaining)}>
      {sourceStateLabel(state, remaining)}
    </span>
  );
}

export interface WeekStripProps {
  dates: readonly string[];
  /** The chosen date, or null for 全部 when `allLabel` is given. */
  selected: string | null;
  onSelect(date: string | null): void;
  today: string;
  /** Shows a first entry that selects no date (e.g. '全部'). */
  allLabel?: string;
  /** A short mark under a date (e.g. 有号 / 约满). */
  markOf?(date: string): { text: string; available: boolean } | null;
  label?: string;
}

/** The strip of dates across the top of a schedule: 今天/明天/周X over M月D日, scrollable sideways. */
export function WeekStrip({
  dates,
  selected,
  onSelect,
  today,
  allLabel,
  markOf,
  label = '选择日期',
}: WeekStripProps) {
  return (
    <nav className="ap-week" aria-label={label}>
      {allLabel && (
        <button
          type="button"
          className="ap-week__day ap-week__day--all"
          aria-pressed={selected === null}
          onClick={() => onSelect(null)}
        >
          <span className="ap-week__name">{allLabel}</span>
          <span className="ap-week__date">日期</span>
        </button>
      )}
      {dates.map((date) => {
        const mark = markOf?.(date) ?? null;
        return (
          <button
            key={date}
            type="button"
            className="ap-week__day"
            aria-pressed={selected === date}
            onClick={() => onSelect(date)}
          >
            {/* The name is what it shows, '今天 3月5日 有号': 3/5 is read out in words (spaces between the parts). */}
            <span className="ap-week__name">{dayLabel(date, today)}</span>{' '}
            <span className="ap-week__date">
              <span aria-hidden="true">{monthDayLabel(date).replace('月', '/').replace('日', '')}</span>
              <span className="fk-visually-hidden">{monthDayLabel(date)}</span>
            </span>
            {mark && (
              <>
                {' '}
                <span className="ap-week__mark" data-available={mark.available || undefined}>
                  {mark.text}
                </span>
              </>
            )}
          </button>
        );
      })}
    </nav>
  );
}

/** The first character of a name in a circle (the fallback when a doctor has no photo). */
export function Avatar({ name, general = false }: { name: string; general?: boolean }) {
  return (
    <span className="ap-avatar" data-general={general || undefined} aria-hidden="true">
      {general ? '科' : (Array.from(name)[0] ?? '')}
    </span>
  );
}

/**
 * A doctor's photo, cropped to its round frame whatever its size; the drawn avatar when there is none or it
 * does not load. Decorative: the name is always written next to it.
 */
export function DoctorPhoto({
  doctor,
  large = false,
}: {
  doctor: Pick<Doctor, 'name' | 'photo'>;
  large?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const photo = doctor.photo?.trim() || null;
  if (!photo || failed === photo) {
    return (
      <span className="ap-photo" data-large={large || undefined}>
        <Avatar name={doctor.name} />
      </span>
    );
  }
  return (
    <span className="ap-photo" data-large={large || undefined}>
      <img className="ap-photo__img" src={photo} alt="" loading="lazy" onError={() => setFailed(photo)} />
    </span>
  );
}

/**
 * A doctor's name, title and speciality. With `to`, the photo and name lead there (the doctor's page), one
 * link as large as the head.
 */
export function DoctorHead({ doctor, to, children }: { doctor: Doctor; to?: string; children?: ReactNode }) {
  const body = (
    <>
      <DoctorPhoto doctor={doctor} />
      <div className="ap-doctor__text">
        <p className="ap-doctor__name">
          {doctor.name}
          <span className="ap-doctor__title">{doctor.title}</span>
        </p>
        <p className="ap-doctor__speciality">擅长：{doctor.speciality || '暂无介绍'}</p>
      </div>
    </>
  );
  return (
    <div className="ap-doctor__head">
      {to ? (
        <Link className="ap-doctor__link" to={to}>
          {body}
        </Link>
      ) : (
        body
      )}
      {children}
    </div>
  );
}

/**
 * Text that may be long (a doctor's introduction): folded to three lines past `limit` characters, with
 * 展开/收起.
 */
export function FoldText({
  text,
  limit = 60,
  className,
  label,
}: {
  text: string;
  limit?: number;
  className?: string;
  /** What the text is, for the button: '展开擅长'. */
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  const long = Array.from(text).length > limit;
  return (
    <div className={className}>
      <p className="ap-fold" data-clamped={long && !open ? true : undefined}>
        {text}
      </p>
      {long && (
        <button
          type="button"
          className="ap-text-button ap-fold__toggle"
          aria-expanded={open}
          aria-label={label ? `${open ? '收起' : '展开'}${label}` : undefined}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? '收起' : '展开'}
        </button>
      )}
    </div>
  );
}

/** One half-day schedule: 上午 · 专家门诊 · ¥25.00 and its label; a link when it can be booked. */
export function ScheduleChoice({
  item,
  to,
  showDate = false,
  today,
}: {
  item: ScheduleItem;
  /** Where a tap goes; null: not bookable (shown, not a link). */
  to: string | null;
  showDate?: boolean;
  today: string;
}) {
  const text = (
    <>
      <span className="ap-choice__when">
        {showDate && `${dayLabel(item.date, today)} ${monthDayLabel(item.date)} `}
        {halfDayLabel(item.halfDay)}
      </span>
      <span className="ap-choice__type">{sourceTypeLabel(item.type)}</span>
      <span className="ap-choice__fee">{formatYuan(item.fee)}</span>
      <SourceBadge state={item.state} remaining={item.remaining} />
    </>
  );
  return to ? (
    <Link className="ap-choice" to={to}>
      {text}
    </Link>
  ) : (
    <span className="ap-choice" aria-disabled="true">
      {text}
    </span>
  );
}

export interface DepartmentColumnsProps {
  groups: readonly DepartmentGroup[];
  activeId: string | null;
  onActivate(groupId: string): void;
  /** The right-hand side for the active group. */
  children: ReactNode;
  /** A count shown beside a group name (e.g. chosen departments). */
  countOf?(group: DepartmentGroup): number;
}

/** Two levels of departments: first-level groups on the left, the active group's departments on the right. */
export function DepartmentColumns({
  groups,
  activeId,
  onActivate,
  children,
  countOf,
}: DepartmentColumnsProps) {
  return (
    <div className="ap-columns">
      <nav className="ap-columns__groups" aria-label="一级科室">
        {groups.map((group) => {
          const count = countOf?.(group) ?? 0;
          return (
            <button
              key={group.departmentId}
              type="button"
              className="ap-columns__group"
              aria-pressed={group.departmentId === activeId}
              onClick={() => onActivate(group.departmentId)}
            >
              {group.name}
              {count > 0 && <span className="ap-columns__count">{count}</span>}
            </button>
          );
        })}
      </nav>
      <section className="ap-columns__depts" aria-label="二级科室">
        {children}
      </section>
    </div>
  );
}
