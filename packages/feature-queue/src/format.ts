import {
  QUEUE_KIND_NAMES,
  type QueueKind,
  type QueuePlace,
  type SignInStatus,
  type WaitEstimate,
} from '@patient/contract';
import type { StatusLook } from '@patient/feature-kit';
import { chinaTimeOfDay } from '@patient/validation';

/** The tabs of 排队叫号 in their order; the route's `:selectType` is the tab's index (0 全部 … 3 药房). */
export const KIND_TABS: { kind: QueueKind | null; label: string }[] = [
  { kind: null, label: '全部' },
  { kind: 'CLINIC', label: QUEUE_KIND_NAMES.CLINIC },
  { kind: 'EXAM', label: QUEUE_KIND_NAMES.EXAM },
  { kind: 'PHARMACY', label: QUEUE_KIND_NAMES.PHARMACY },
];

/** The tab index of a `:selectType`, or null when it is not one. */
export function tabOf(selectType: string | undefined): number | null {
  if (selectType === undefined) return 0;
  return /^[0-3]$/.test(selectType) ? Number(selectType) : null;
}

/** What the patient goes there for: 就诊, 检查, 取药. */
export const PURPOSE: Record<QueueKind, string> = { CLINIC: '就诊', EXAM: '检查', PHARMACY: '取药' };

export function placeLook(place: Pick<QueuePlace, 'status' | 'kind' | 'location' | 'ahead'>): StatusLook {
  switch (place.status) {
    case 'CALLED':
      return {
        label: '正在叫号',
        hint: `请立即到${place.location}${PURPOSE[place.kind]}`,
        tone: 'success',
      };
    case 'PASSED':
      return { label: '已过号', hint: '您的号码已叫过，如未完成请到分诊台或窗口咨询', tone: 'muted' };
    default:
      return {
        label: place.ahead === 0 ? '下一位' : '候诊中',
        hint: place.ahead === 0 ? '下一个就是您，请到门口等候' : '请留意叫号，过号需重新排队',
        tone: place.ahead === 0 ? 'warning' : 'primary',
      };
  }
}

export const SIGN_IN_LOOKS: Record<SignInStatus, StatusLook> = {
  READY: { label: '待签到', hint: '到院后签到即进入排队', tone: 'primary' },
  SIGNED: { label: '已签到', hint: '已进入排队，请留意叫号', tone: 'success' },
  NOT_YET: { label: '未到签到时间', hint: '', tone: 'muted' },
  CLOSED: { label: '已过签到时间', hint: '', tone: 'muted' },
};

/** '约 12–18 分钟', '1 分钟内'; never a promise (the screens add that it is for reference). */
export function estimateText(estimate: WaitEstimate | null): string | null {
  if (!estimate) return null;
  if (estimate.high <= 1) return '1 分钟内';
  return `约 ${estimate.low}–${estimate.high} 分钟`;
}

/** The pace behind an estimate: '近 6 次叫号平均每 2 分 10 秒一位'. */
export function paceText(estimate: WaitEstimate): string {
  const minutes = Math.floor(estimate.paceSeconds / 60);
  const seconds = estimate.paceSeconds % 60;
  const pace = minutes > 0 ? `${minutes} 分${seconds > 0 ? ` ${seconds} 秒` : '钟'}` : `${seconds} 秒`;
  return `按近 ${estimate.calls} 次叫号的速度（平均每 ${pace}一位）估算`;
}

/** HH:mm in China time of an ISO instant. */
export const timeOf = (iso: string): string => chinaTimeOfDay(iso);

/** The call spoken aloud: '请 36 号 到 门诊楼2层 心血管内科 就诊'. */
export function callSpeech(number: number, location: string, kind: QueueKind): string {
  return `请${number}号，到${location}${PURPOSE[kind]}`;
}
