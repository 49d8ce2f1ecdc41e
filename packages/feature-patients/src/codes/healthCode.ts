import type { HealthCode } from '@patient/contract';

export type HealthCodeColor = HealthCode['color'];

/** How each health-code colour reads and what it asks of the patient; the colours themselves are in codes.css. */
export const HEALTH_CODE_COLORS: Record<HealthCodeColor, { label: string; meaning: string }> = {
  GREEN: { label: '绿码', meaning: '健康状况正常，可凭此码正常就诊通行' },
  YELLOW: { label: '黄码', meaning: '请先联系医院工作人员完成健康核验后再就诊' },
  RED: { label: '红码', meaning: '请勿自行进入诊区，请立即联系医院工作人员' },
};

/** A date-time for display in the phone's time zone: 2026-03-01 08:05. '' when unreadable. */
export function formatDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A time of day with seconds: 08:05:09. */
export function formatTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** /applyHealthCode/:contactId */
export const applyHealthCodePath = (contactId: string) => `/applyHealthCode/${encodeURIComponent(contactId)}`;

/** /viewHealthCode/:contactId */
export const viewHealthCodePath = (contactId: string) => `/viewHealthCode/${encodeURIComponent(contactId)}`;
