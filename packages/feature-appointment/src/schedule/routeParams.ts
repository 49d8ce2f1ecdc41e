import { useAppState } from '@patient/app-state';
import { useHospitalConfig } from '@patient/hospital-config';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { SOURCE_TYPE_NAMES } from './labels.ts';

/**
 * Route parameters of the booking screens, checked before anything is sent. react-router decodes each
 * segment once; whatever does not match its rule gives a Chinese message naming the parameter.
 */

const RULES = {
  /** Our ids (hospital, department, doctor, schedule). */
  id: (v: string) => /^[A-Za-z0-9_-]{1,64}$/.test(v),
  /** The HIS department code. */
  hisCode: (v: string) => /^[A-Za-z0-9_.-]{1,64}$/.test(v),
  /** A source type of 000 §3. */
  sourceType: (v: string) => Object.prototype.hasOwnProperty.call(SOURCE_TYPE_NAMES, v),
} as const;

export type ParamRule = keyof typeof RULES;

const LABELS: Record<string, string> = {
  hospitalId: '医院',
  departmentId: '科室',
  deptId: '科室编码',
  doctorId: '医生',
  scheduleItemId: '排班',
  type: '号源类型',
};

export type ParsedParams<K extends string> =
  | { ok: true; values: Record<K, string> }
  | { ok: false; message: string };

/** Checks `raw` against `spec`; the first bad parameter gives the message. */
export function parseParams<K extends string>(
  raw: Readonly<Record<string, string | undefined>>,
  spec: Record<K, ParamRule>,
): ParsedParams<K> {
  const values = {} as Record<K, string>;
  for (const key of Object.keys(spec) as K[]) {
    const value = raw[key];
    if (value === undefined || !RULES[spec[key]](value)) {
      return { ok: false, message: `页面链接中的${LABELS[key] ?? '参数'}有误，请返回后重新进入` };
    }
    values[key] = value;
  }
  return { ok: true, values };
}

/** The message for a link to another hospital than the one the app is open for. */
export const OTHER_HOSPITAL_MESSAGE = '该链接属于其他医院，请从本院首页重新进入预约';
export const NO_HOSPITAL_MESSAGE = '未选择医院，请从医院首页进入预约';

/** The hospital the app is open for: app state's hospitalId, else the build's configured id. */
export function useHospitalId(): string | null {
  const config = useHospitalConfig();
  return useAppState((s) => s.hospitalId) ?? config.id;
}

/**
 * The current route's parameters, checked. A route's :hospitalId must be the app's hospital (when the app has
 * one); otherwise it is used as given.
 */
export function useBookingParams<K extends string>(spec: Record<K, ParamRule>): ParsedParams<K> {
  const raw = useParams();
  const appHospital = useHospitalId();
  const parsed = parseParams(raw, spec);
  if (!parsed.ok) return parsed;
  const hospitalId = (parsed.values as Record<string, string>).hospitalId;
  if (hospitalId !== undefined && appHospital !== null && hospitalId !== appHospital) {
    return { ok: false, message: OTHER_HOSPITAL_MESSAGE };
  }
  return parsed;
}

/**
 * Whether the screen was opened as a same-day screen (/today/…). Read once: a kept-alive screen still sees
 * the location change after the patient has left it.
 */
export function useSameDay(): boolean {
  const { pathname } = useLocation();
  const [sameDay] = useState(() => pathname.startsWith('/today/'));
  return sameDay;
}
