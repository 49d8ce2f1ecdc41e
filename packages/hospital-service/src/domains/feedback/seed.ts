import { addDays, chinaDate, DAY, HOUR } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { seedDemoNotifications } from '../notifications/index.ts';
import type { ContactRow } from '../patients/index.ts';
import { replyTo } from './seed-data.ts';
import { feedbacks, followUpTasks } from './tables.ts';

/**
 * The demo account's feedback and follow-up at the default hospital: a complaint the service desk has answered,
 * and after 张伟's stay in 心血管内科 (discharged five days ago) one task of each kind, all pending.
 */
export async function seedDemoFeedback(
  tx: DbOrTx,
  userId: number,
  demoContacts: ContactRow[],
  now: Date,
): Promise<number> {
  const self = demoContacts.find((c) => c.relation === 'SELF');
  if (!self) return 0;
  const submittedAt = new Date(now.getTime() - 3 * DAY);
  const [complaint] = await tx
    .insert(feedbacks)
    .values({
      userId,
      hospitalId: '1000',
      kind: 'COMPLAINT',
      category: '就医流程',
      content: ['上午在门诊楼一层缴费窗口排队超过半小时，只开了两个窗口，希望高峰时段增加窗口。'],
      phone: self.phone,
      submittedAt,
      reply: replyTo('COMPLAINT', '就医流程'),
      repliedAt: new Date(submittedAt.getTime() + 2 * HOUR),
      createdAt: now,
    })
    .returning({ id: feedbacks.id });
  const base = {
    userId,
    contactId: self.id,
    hospitalId: '1000',
    inhospitalId: 'ZY100000000001',
    department: '心血管内科',
    patientName: self.name,
    status: 'PENDING',
    createdAt: now,
  };
  const rows = [
    { ...base, taskNo: 'SF1000000001', kind: 'SATISFACTION', template: 'INPATIENT_SATISFACTION' },
    { ...base, taskNo: 'SF1000000002', kind: 'SCALE', template: 'PHQ2' },
    { ...base, taskNo: 'SF1000000003', kind: 'MISSION', template: 'DISCHARGE_FOLLOW_UP' },
    { ...base, taskNo: 'SF1000000004', kind: 'STUDY', template: 'HYPERTENSION_HOME_CARE' },
    {
      ...base,
      taskNo: 'SF1000000005',
      kind: 'RETURN_VISIT',
      template: 'RETURN_VISIT',
      returnDate: addDays(chinaDate(now), 9),
      returnDoctor: '李明 主任医师',
    },
  ];
  await tx.insert(followUpTasks).values(rows);
  await seedDemoNotifications(tx, userId, complaint.id, self.id, now);
  return rows.length + 1;
}
