import { DAY, HOUR } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { notifications } from './tables.ts';

/**
 * The demo account's inbox at the default hospital, matching what the other seeds did: the service desk's reply
 * to the seeded complaint (read), and 张伟's discharge follow-up and health article (unread).
 */
export async function seedDemoNotifications(
  tx: DbOrTx,
  userId: number,
  feedbackId: number,
  contactId: number,
  now: Date,
): Promise<number> {
  const replied = new Date(now.getTime() - 3 * DAY + 2 * HOUR);
  const pushed = new Date(now.getTime() - 1 * DAY);
  const rows = [
    {
      userId,
      hospitalId: '1000',
      kind: 'FEEDBACK',
      title: '您的投诉已回复',
      body: ['您反馈的“就医流程”问题，客户服务中心已回复，请查看。'],
      link: `/feedback/detail/${feedbackId}`,
      sentAt: replied,
      readAt: replied,
      createdAt: now,
    },
    {
      userId,
      hospitalId: '1000',
      contactId,
      kind: 'FOLLOW_UP',
      title: '出院随访：请完成随访问卷',
      body: ['张伟您好，您已于心血管内科出院，请花两分钟完成出院随访问卷，便于医生了解您的恢复情况。'],
      link: '/feedback/missionDetail/ZY100000000001/SF1000000003',
      sentAt: pushed,
      readAt: null,
      createdAt: now,
    },
    {
      userId,
      hospitalId: '1000',
      contactId,
      kind: 'FOLLOW_UP',
      title: '健康宣教：高血压居家护理',
      body: ['医生为您推送了一篇健康宣教文章，阅读后请点击“我已阅读”。'],
      link: '/feedback/studyDetail/ZY100000000001/SF1000000004',
      sentAt: new Date(pushed.getTime() + HOUR),
      readAt: null,
      createdAt: now,
    },
  ];
  await tx.insert(notifications).values(rows);
  return rows.length;
}
