/**
 * Test helpers of the check-up screens (not used by the app): an in-memory stand-in for the hospital
 * service's check-up calls answering on the real loopback server (@patient/feature-kit/testing), fixtures and
 * the options of its harness (setupFeature). api-client runs for real.
 */
import type { CheckupApplication } from '@patient/contract';
import {
  defaultContact,
  type FeatureOptions,
  fail,
  LoopbackService,
  makeContact,
  ok,
  type Route,
} from '@patient/feature-kit/testing';

export { answerDialog, bodiesOf, bodyShows, fail, ok, pause, sent } from '@patient/feature-kit/testing';
export { makeContact };

export function makeApplication(extra: Partial<CheckupApplication> = {}): CheckupApplication {
  return {
    applicationNo: 'SQ100012345678',
    orderItemId: 'YZ00001234',
    contactId: '1',
    patientName: '张伟',
    visitType: '1',
    itemCode: 'CT001',
    itemName: '胸部CT平扫',
    urgentFlag: '0',
    emergencySchedule: '0',
    itemTypeId: 'CT',
    itemTypeName: 'CT检查',
    departmentName: '放射科',
    requestedAt: '2030-05-10T02:00:00.000Z',
    status: 'UNBOOKED',
    appointment: null,
    ...extra,
  };
}

/**
 * The hospital service's check-up calls over in-memory data: requests per contact, places per date and
 * slot, notices, the cancel rule and the reminders. `override` replaces the answer of one call.
 */
export class FakeService extends LoopbackService {
  applications: CheckupApplication[] = [];
  remaining = [
    { date: '2030-05-14', available: 0 },
    { date: '2030-05-15', available: 5 },
    { date: '2030-05-16', available: 2 },
  ];
  times: Record<string, { workNo: string; batchId: string; timeRange: string; available: number }[]> = {
    '2030-05-15': [
      { workNo: 'CT20300515', batchId: 'B01', timeRange: '08:00-09:00', available: 0 },
      { workNo: 'CT20300515', batchId: 'B02', timeRange: '09:00-10:00', available: 5 },
    ],
    '2030-05-16': [
      { workNo: 'CT20300516', batchId: 'B01', timeRange: '08:00-09:00', available: 2 },
      { workNo: 'CT20300516', batchId: 'B05', timeRange: '14:00-15:00', available: 0 },
    ],
  };
  notices = ['请携带身份证、就诊卡及检查申请单，提前15分钟到医技楼1层CT室登记。', '检查前请取下金属饰品。'];
  cancelRule: { canCancel: boolean; deadline: string | null; reason: string | null } = {
    canCancel: true,
    deadline: '2030-05-15T00:00:00.000Z',
    reason: null,
  };
  reminders = [
    { id: 'GENERAL', title: '检查预约须知', content: ['检查当日请携带身份证、就诊卡及检查申请单。'] },
    { id: 'CT', title: 'CT检查前准备', content: ['检查前请取下金属饰品、手机、钥匙等物品。'] },
    { id: 'US', title: '超声检查前准备', content: ['请穿宽松、便于暴露检查部位的衣物。'] },
  ];

  private find(body: { applicationNo: string; orderItemId: string }) {
    return this.applications.find(
      (a) => a.applicationNo === body.applicationNo && a.orderItemId === body.orderItemId,
    );
  }

  protected readonly routes: Route[] = [
    [
      'POST',
      /^\/v1\/checkByHospital\/getCheckApply\/\w+$/,
      (r) => ok(this.applications.filter((a) => a.contactId === JSON.parse(r.body).contactId)),
    ],
    ['POST', /^\/v1\/checkByHospital\/getRemainingNumber\/\w+$/, () => ok(this.remaining)],
    [
      'POST',
      /^\/v1\/checkByHospital\/getSchedulingTime\/\w+$/,
      (r) => ok(this.times[JSON.parse(r.body).date] ?? []),
    ],
    [
      'POST',
      /^\/v1\/checkByHospital\/saveOrder\/\w+$/,
      (r) => {
        const body = JSON.parse(r.body);
        const found = this.find(body);
        if (!found) return fail(404, '检查申请单不存在');
        Object.assign(found, {
          status: 'BOOKED',
          appointment: {
            date: body.date,
            timeRange: body.timeRange,
            location: '医技楼1层 CT室',
            bookedAt: new Date().toISOString(),
          },
        });
        return ok(found);
      },
    ],
    ['POST', /^\/v1\/checkByHospital\/getAnnouncementsInfo\/\w+$/, () => ok({ notices: this.notices })],
    [
      'POST',
      /^\/v1\/checkByHospital\/cancleOrder\/\w+$/,
      (r) => {
        const found = this.find(JSON.parse(r.body));
        if (!found) return fail(404, '检查申请单不存在');
        Object.assign(found, { status: 'CANCELLED', appointment: null });
        return ok(found);
      },
    ],
    ['POST', /^\/check\/cancel_OrderInfo\/\w+$/, () => ok(this.cancelRule)],
    ['GET', /^\/v1\/dict\/DJLF$/, () => ok(this.reminders)],
  ];
}

/** The options of the harness (setupFeature): 张伟 and his mother 王秀兰. */
export const harness = {
  service: FakeService,
  seed: {
    contacts: [
      defaultContact(),
      // Proven for the hospital's data with the code sent to her phone (feature-patients' 验证身份).
      makeContact('2', '王秀兰', { relation: 'PARENT', hisVerifiedAt: '2030-05-01T00:00:00.000Z' }),
    ],
  },
} satisfies FeatureOptions<FakeService>;
