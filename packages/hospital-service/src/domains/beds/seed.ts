import { addDays, chinaDate, DAY, HOUR } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import type { ContactRow } from '../patients/index.ts';
import { ADMISSION_NOTE } from './seed-data.ts';
import { bedOrderLogs, bedOrders } from './tables.ts';

/**
 * Bed orders of the default hospital (1000), for the demo and the every-route crawl: 张伟 (the demo account's
 * 本人) offered a time in 心血管内科病区 by 李红, waiting for his confirmation; 王建国 registered at that ward's
 * desk, pending; 陈秀英's order of 呼吸内科病区, confirmed. `staffIds`: the seeded staff by corp userid.
 */
export async function seedDemoBedOrders(
  tx: DbOrTx,
  userId: number,
  demoContacts: ContactRow[],
  staffIds: Map<string, number>,
  now: Date,
): Promise<number> {
  const self = demoContacts.find((c) => c.relation === 'SELF' && c.userId === userId);
  const lihong = staffIds.get('1000:LiHong');
  if (!self || lihong === undefined) return 0;
  const today = chinaDate(now);
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  const base = { hospitalId: '1000', remark: '', createdAt: now };
  const [mine, desk, done] = await tx
    .insert(bedOrders)
    .values([
      {
        ...base,
        userId,
        contactId: self.id,
        source: 'APP',
        status: 'CONFIRMED',
        patientName: self.name,
        phone: self.phone,
        deptCode: 'W01',
        noticeNo: 'ZYTZ10000001',
        diagnosis: '冠状动脉粥样硬化性心脏病',
        doctorName: '李明',
        expectedDate: addDays(today, 3),
        admitDate: addDays(today, 2),
        admitPeriod: 'AM',
        bedNo: '12',
        admitNote: ADMISSION_NOTE,
        confirmedBy: lihong,
        appliedAt: at(2),
        confirmedAt: at(1),
      },
      {
        ...base,
        userId: null,
        contactId: null,
        source: 'DESK',
        status: 'PENDING',
        patientName: '王建国',
        phone: '13600001111',
        deptCode: 'W01',
        noticeNo: 'ZYTZ10000002',
        diagnosis: '高血压病3级',
        doctorName: '李明',
        expectedDate: null,
        appliedAt: at(1),
      },
      {
        ...base,
        userId: null,
        contactId: null,
        source: 'DESK',
        status: 'FINISHED',
        patientName: '陈秀英',
        phone: '13600002222',
        deptCode: 'W02',
        noticeNo: 'ZYTZ10000003',
        diagnosis: '慢性阻塞性肺疾病急性加重',
        doctorName: '周华',
        expectedDate: null,
        admitDate: addDays(today, 1),
        admitPeriod: 'PM',
        bedNo: '5',
        admitNote: ADMISSION_NOTE,
        confirmedBy: lihong,
        appliedAt: at(4),
        confirmedAt: at(3),
        finishedAt: at(3),
      },
    ])
    .returning();
  const staff = { actorKind: 'STAFF', staffId: lihong, actorName: '李红（护士长）' };
  await tx.insert(bedOrderLogs).values([
    {
      orderId: mine.id,
      action: 'APPLY',
      actorKind: 'PATIENT',
      staffId: null,
      actorName: self.name,
      detail: '申请心血管内科病区床位',
      at: at(2),
    },
    {
      orderId: mine.id,
      action: 'CONFIRM',
      ...staff,
      detail: `安排 ${addDays(today, 2)} 上午 8:00–11:30 入院，床号 12`,
      at: at(1),
    },
    { orderId: desk.id, action: 'CREATE', ...staff, detail: '为王建国登记心血管内科病区床位', at: at(1) },
    { orderId: done.id, action: 'CREATE', ...staff, detail: '为陈秀英登记呼吸内科病区床位', at: at(4) },
    {
      orderId: done.id,
      action: 'CONFIRM',
      ...staff,
      detail: `安排 ${addDays(today, 1)} 下午 14:00–17:00 入院，床号 5`,
      at: new Date(at(3).getTime() - HOUR),
    },
    {
      orderId: done.id,
      action: 'PATIENT_CONFIRM',
      actorKind: 'PATIENT',
      staffId: null,
      actorName: '陈秀英',
      detail: '电话确认入院时间',
      at: at(3),
    },
  ]);
  return 3;
}
