import type { ScheduleItem } from '@patient/contract';

/** Links between the booking screens (001 §2); the same-day screens live under /today. */

const seg = (...parts: string[]) => parts.map(encodeURIComponent).join('/');

/** The :doctorId of a department (general) clinic, which has no named doctor. */
export const NO_DOCTOR = '0';

export const deptsPath = (sameDay: boolean) => (sameDay ? '/today/depts' : '/depts');

export const deptSearchPath = (sameDay: boolean) => (sameDay ? '/depts/search?sameDay=1' : '/depts/search');

export interface DepartmentRef {
  hospitalId: string;
  departmentId: string;
  deptId: string;
}

/** /doctors/:hospitalId/:departmentId/:deptId (or /today/doctors/…). */
export const doctorsPath = (sameDay: boolean, d: DepartmentRef) =>
  `${sameDay ? '/today' : ''}/doctors/${seg(d.hospitalId, d.departmentId, d.deptId)}`;

/** /doctorSchedule/:hospitalId/:departmentId/:deptId */
export const doctorSchedulePath = (d: DepartmentRef) =>
  `/doctorSchedule/${seg(d.hospitalId, d.departmentId, d.deptId)}`;

type ScheduleRef = Pick<
  ScheduleItem,
  'scheduleItemId' | 'hospitalId' | 'departmentId' | 'deptId' | 'doctorId' | 'type'
>;

/** /schedule/:type/:hospitalId/:departmentId/:doctorId/:deptId/:scheduleItemId (or /today/schedule/…). */
export const schedulePath = (sameDay: boolean, s: ScheduleRef) =>
  `${sameDay ? '/today' : ''}/schedule/${seg(
    s.type ?? 'NORMAL',
    s.hospitalId,
    s.departmentId,
    s.doctorId ?? NO_DOCTOR,
    s.deptId,
    s.scheduleItemId,
  )}`;

/** /schedule/detail/:departmentId/:doctorId/:deptId/:scheduleItemId: the doctor's page. */
export const scheduleDetailPath = (
  s: Pick<ScheduleRef, 'departmentId' | 'deptId' | 'scheduleItemId'> & { doctorId: string },
) => `/schedule/detail/${seg(s.departmentId, s.doctorId, s.deptId, s.scheduleItemId)}`;

/** /placeOrder/:orderId */
export const placeOrderPath = (orderId: string) => `/placeOrder/${encodeURIComponent(orderId)}`;

/** /doctorHome/:hospitalId/:doctorId: a doctor's page (profile and coming clinics), not a spec route. */
export const doctorHomePath = (hospitalId: string, doctorId: string) =>
  `/doctorHome/${seg(hospitalId, doctorId)}`;
