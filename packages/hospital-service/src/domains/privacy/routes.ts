import {
  type DataCopy,
  deleteAccount,
  deleteContact,
  getAccountDeletion,
  getDataCopyFile,
  listDataCopies,
  requestDataCopy,
  sendDeletionCode,
} from '@patient/contract';
import { maskPhone } from '@patient/validation';
import { and, desc, eq, gt } from 'drizzle-orm';
import { clearSessionCookies } from '../../platform/auth/session-cookie.ts';
import { DAY } from '../../platform/clock.ts';
import { transactionNow } from '../../platform/database/now.ts';
import { ownedRow } from '../../platform/database/owned.ts';
import { userOf } from '../../platform/http/context.ts';
import { conflict } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import type { DeletionBlocker } from '../../platform/privacy/erasure.ts';
import { requesterOf, sendCode, verifyCode } from '../accounts/index.ts';
import { eraseStoredFiles, type FileStorage } from '../files/index.ts';
import { ownedContact } from '../patients/index.ts';
import { collectPersonalData } from './copy.ts';
import { blockersOf, deleteAccountData, deleteContactData, ERASED_AT_ONCE, KEPT_BY_LAW } from './deletion.ts';
import { copyPdf } from './pdf.ts';
import { dataCopies } from './tables.ts';

/** How long a prepared copy can be downloaded. */
export const COPY_TTL_MS = 7 * DAY;

const refused = (blockers: DeletionBlocker[]) =>
  conflict('暂时无法注销账号', `暂时无法注销账号：${blockers.map((b) => b.message).join('；')}`);

const copyOf = (row: typeof dataCopies.$inferSelect): DataCopy => ({
  copyId: String(row.id),
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

/** 注销账号, deleting a contact, and 个人信息副本; `storage` holds the uploaded files deletion removes. */
export const privacyRoutes = (storage: FileStorage) => [
  // A contact's deletion is an erasure across domains: composed here (deleteContactData), not in patients.
  route(deleteContact, async ({ params }, ctx) => {
    const user = userOf(ctx);
    const outcome = await ctx.db.transaction(async (tx) => {
      const contact = await ownedContact(tx, user.id, params.contactId);
      return deleteContactData(tx, user.id, contact.id, await transactionNow(tx, ctx.clock));
    });
    if (!outcome.deleted) {
      throw conflict(
        '暂时无法删除就诊人',
        `暂时无法删除就诊人：${outcome.blockers.map((b) => b.message).join('；')}`,
      );
    }
    await eraseStoredFiles(storage, outcome.fileKeys);
    return true;
  }),

  route(getAccountDeletion, async (_input, ctx) => {
    const user = userOf(ctx);
    const blockers = await ctx.db.transaction(async (tx) =>
      blockersOf(tx, user.id, await transactionNow(tx, ctx.clock)),
    );
    return { phone: maskPhone(user.phone), erased: ERASED_AT_ONCE, kept: KEPT_BY_LAW, blockers };
  }),

  route(sendDeletionCode, async (_input, ctx) => {
    const user = userOf(ctx);
    return sendCode(ctx, user.phone, 'account_deletion', requesterOf(ctx));
  }),

  route(deleteAccount, async ({ body }, ctx) => {
    const user = userOf(ctx);
    // Refused before the code is used up: the patient can settle the money and confirm with the same code.
    const before = await ctx.db.transaction(async (tx) =>
      blockersOf(tx, user.id, await transactionNow(tx, ctx.clock)),
    );
    if (before.length > 0) throw refused(before);
    await verifyCode(ctx, user.phone, 'account_deletion', body.code, user.id);
    const outcome = await ctx.db.transaction(async (tx) =>
      deleteAccountData(tx, user.id, await transactionNow(tx, ctx.clock)),
    );
    if (!outcome.deleted) throw refused(outcome.blockers);
    await eraseStoredFiles(storage, outcome.fileKeys);
    clearSessionCookies(ctx.reply, ctx.production);
    ctx.log.info({ userId: user.id }, '账号已注销');
    return true;
  }),

  route(requestDataCopy, async (_input, ctx) => {
    const user = userOf(ctx);
    const row = await ctx.db.transaction(async (tx) => {
      const now = await transactionNow(tx, ctx.clock);
      const content = await collectPersonalData(tx, user.id, now);
      const [created] = await tx
        .insert(dataCopies)
        .values({
          userId: user.id,
          content,
          createdAt: now,
          expiresAt: new Date(now.getTime() + COPY_TTL_MS),
        })
        .returning();
      return created;
    });
    return copyOf(row);
  }),

  route(listDataCopies, async (_input, ctx) => {
    const user = userOf(ctx);
    const rows = await ctx.db
      .select()
      .from(dataCopies)
      .where(and(eq(dataCopies.userId, user.id), gt(dataCopies.expiresAt, ctx.clock.now())))
      .orderBy(desc(dataCopies.createdAt), desc(dataCopies.id));
    return rows.map(copyOf);
  }),

  route(getDataCopyFile, async ({ params, query }, ctx) => {
    const user = userOf(ctx);
    const row = await ownedRow(ctx.db, dataCopies, params.copyId, user.id, {
      missing: '个人信息副本',
      where: gt(dataCopies.expiresAt, ctx.clock.now()),
    });
    ctx.reply.header('cache-control', 'no-store');
    const day = row.createdAt.toISOString().slice(0, 10);
    const name = `个人信息副本-${day}`;
    if (query.format === 'pdf') return copyPdf(row.content, `${name}.pdf`);
    return {
      fileName: `${name}.json`,
      mimeType: 'application/json',
      data: Buffer.from(JSON.stringify(row.content, null, 2), 'utf8').toString('base64'),
    };
  }),
];
