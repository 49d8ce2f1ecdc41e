import {
  countUnreadNotifications,
  deleteNotification,
  listNotifications,
  NOTIFICATIONS_PAGE,
  type NotificationItem,
  type NotificationKind,
  openNotification,
  readAllNotifications,
} from '@patient/contract';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { ownedRow } from '../../platform/database/owned.ts';
import { userOf } from '../../platform/http/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { requireHospital } from '../hospitals/index.ts';
import { notifications } from './tables.ts';

type Row = typeof notifications.$inferSelect;

const toItem = (r: Row): NotificationItem => ({
  notificationId: String(r.id),
  kind: r.kind as NotificationKind,
  title: r.title,
  body: r.body,
  link: r.link,
  createdAt: r.sentAt.toISOString(),
  read: r.readAt !== null,
});

async function unreadOf(db: DbOrTx, userId: number, hospitalId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.hospitalId, hospitalId),
        isNull(notifications.readAt),
      ),
    );
  return n;
}

/** The account's message, or 消息不存在 — the same for another account's as for none. */
const owned = (db: DbOrTx, userId: number, notificationId: string) =>
  ownedRow(db, notifications, notificationId, userId, { missing: '消息' });

export const notificationRoutes = [
  route(listNotifications, async ({ query }, ctx) => {
    const user = userOf(ctx);
    await requireHospital(ctx.db, query.hospitalId);
    const rows = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.hospitalId, query.hospitalId)))
      .orderBy(desc(notifications.sentAt), desc(notifications.id))
      .limit(NOTIFICATIONS_PAGE);
    return { items: rows.map(toItem), unread: await unreadOf(ctx.db, user.id, query.hospitalId) };
  }),

  route(countUnreadNotifications, async ({ query }, ctx) => {
    const user = userOf(ctx);
    await requireHospital(ctx.db, query.hospitalId);
    return { unread: await unreadOf(ctx.db, user.id, query.hospitalId) };
  }),

  route(openNotification, async ({ params }, ctx) => {
    const user = userOf(ctx);
    const row = await owned(ctx.db, user.id, params.notificationId);
    if (row.readAt) return toItem(row);
    const [read] = await ctx.db
      .update(notifications)
      .set({ readAt: ctx.clock.now() })
      .where(and(eq(notifications.id, row.id), isNull(notifications.readAt)))
      .returning();
    return toItem(read ?? row);
  }),

  route(readAllNotifications, async ({ body }, ctx) => {
    const user = userOf(ctx);
    await requireHospital(ctx.db, body.hospitalId);
    await ctx.db
      .update(notifications)
      .set({ readAt: ctx.clock.now() })
      .where(
        and(
          eq(notifications.userId, user.id),
          eq(notifications.hospitalId, body.hospitalId),
          isNull(notifications.readAt),
        ),
      );
    return { unread: 0 };
  }),

  route(deleteNotification, async ({ params }, ctx) => {
    const user = userOf(ctx);
    const row = await owned(ctx.db, user.id, params.notificationId);
    const deleted = await ctx.db
      .delete(notifications)
      .where(eq(notifications.id, row.id))
      .returning({ id: notifications.id });
    if (deleted.length === 0) throw notFound('消息');
    return true;
  }),
];
