import {
  applyRecordCopy,
  cancelRecordCopy,
  confirmRecordCopyReceipt,
  getRecordCopy,
  getRecordCopyConfig,
  getRecordCopyText,
  getTracking,
  listCopyableStays,
  listRecordCopies,
  listRecordCopyPatients,
} from '@patient/contract';
import { maskName, maskPhone } from '@patient/validation';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { parseId } from '../../platform/database/ids.ts';
import { userOf } from '../../platform/http/context.ts';
import { businessError, inputError, notFound } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { askOutside, OutsideSystemError } from '../../platform/outside-system.ts';
import { ownedAddress } from '../addresses/index.ts';
import { attachFiles, ownedFiles } from '../files/index.ts';
import { requireHospital } from '../hospitals/index.ts';
import { contacts, isFiled, medicalCards, requireHisProven } from '../patients/index.ts';
import { closePendingPayments, requestRefund, submitRefund } from '../payments/index.ts';
import { COURIER_SYSTEM, type Courier, type Journey } from './courier.ts';
import { RECORD_COPY_HIS_NAME, type RecordCopyHis } from './his.ts';
import { CANCELLABLE, ownedOrder, toOrder } from './orders.ts';
import { RECORD_COPY_TEXTS, recordCopyConfigOf } from './seed-data.ts';
import { recordCopyOrders } from './tables.ts';

/** Applications one patient may have under way (not finished, cancelled or refused) at a hospital. */
export const MAX_OPEN_APPLICATIONS = 5;

/** How long the tracking page waits for the courier before it shows 物流信息暂时无法获取. */
export const TRACK_TIMEOUT_MS = 5_000;

/** The user's card at the hospital with its contact; 404 for another account's card or one of another hospital. */
async function ownedCard(db: DbOrTx, userId: number, hospitalId: string, cardId: string) {
  const id = parseId(cardId);
  const [row] =
    id === null
      ? []
      : await db
          .select({ card: medicalCards, contact: contacts })
          .from(medicalCards)
          .innerJoin(contacts, eq(contacts.id, medicalCards.contactId))
          .where(
            and(
              eq(medicalCards.id, id),
              eq(medicalCards.userId, userId),
              eq(medicalCards.hospitalId, hospitalId),
            ),
          );
  if (!row) throw notFound('就诊卡');
  return row;
}

/** The contact's stays the HIS can copy ([] when not filed); a failing HIS: state 503 (askOutside). */
async function staysOf(
  db: DbOrTx,
  his: RecordCopyHis,
  hospitalId: string,
  contact: typeof contacts.$inferSelect,
) {
  const person = { hospitalId, identityCard: contact.documentNumber, name: contact.name };
  if (!(await isFiled(db, person))) return [];
  return askOutside(RECORD_COPY_HIS_NAME, (signal) => his.staysOf(person, signal), {
    timeoutMs: his.timeoutMs,
  });
}

/** The medical record copy calls, with the courier that posts the copies and the HIS that has the stays. */
export function recordCopyRoutes(courier: Courier, his: RecordCopyHis) {
  return [
    route(listRecordCopyPatients, async ({ body }, ctx) => {
      const user = userOf(ctx);
      await requireHospital(ctx.db, body.hospitalId);
      const rows = await ctx.db
        .select({ contact: contacts, card: medicalCards })
        .from(contacts)
        .leftJoin(
          medicalCards,
          and(eq(medicalCards.contactId, contacts.id), eq(medicalCards.hospitalId, body.hospitalId)),
        )
        .where(eq(contacts.userId, user.id))
        .orderBy(
          desc(contacts.isDefault),
          asc(contacts.id),
          desc(medicalCards.isDefault),
          asc(medicalCards.id),
        );
      const seen = new Set<number>();
      return rows
        .filter(({ contact }) => !seen.has(contact.id) && seen.add(contact.id))
        .map(({ contact, card }) => ({
          contactId: String(contact.id),
          name: contact.name,
          relation: contact.relation,
          cardId: card ? String(card.id) : null,
          medicalCardNo: card?.medicalCardNo ?? null,
        }));
    }),

    route(listCopyableStays, async ({ body }, ctx) => {
      const user = userOf(ctx);
      await requireHospital(ctx.db, body.hospitalId);
      const { contact } = await ownedCard(ctx.db, user.id, body.hospitalId, body.cardId);
      requireHisProven(contact);
      return staysOf(ctx.db, his, body.hospitalId, contact);
    }),

    route(getRecordCopyConfig, async ({ query }, ctx) => {
      const hospital = await requireHospital(ctx.db, query.hospitalId);
      return recordCopyConfigOf(hospital.name);
    }),

    route(getRecordCopyText, async ({ query }, ctx) => {
      await requireHospital(ctx.db, query.hospitalId);
      const text = RECORD_COPY_TEXTS[query.parameterType];
      return { title: text.title, paragraphs: [...text.paragraphs] };
    }),

    route(applyRecordCopy, async ({ body }, ctx) => {
      const user = userOf(ctx);
      const now = ctx.clock.now();
      const hospital = await requireHospital(ctx.db, body.hospitalId);
      const config = recordCopyConfigOf(hospital.name);
      const { contact } = await ownedCard(ctx.db, user.id, body.hospitalId, body.cardId);
      requireHisProven(contact);

      const known = await staysOf(ctx.db, his, body.hospitalId, contact);
      const stayIds = [...new Set(body.stayIds)];
      const stays = stayIds.map((id) => known.find((s) => s.stayId === id));
      if (stays.some((s) => !s)) throw inputError('stayIds', '所选住院记录不存在，请重新选择');
      const purpose = config.purposes.find((p) => p.code === body.purpose);
      if (!purpose) throw inputError('purpose', '请选择复印用途');
      if (body.parts.some((code) => !config.parts.some((p) => p.code === code))) {
        throw inputError('parts', '所选复印内容不存在，请重新选择');
      }
      const parts = config.parts.filter((p) => p.required || body.parts.includes(p.code));
      if (body.copies > config.maxCopies) throw inputError('copies', `复印份数最多${config.maxCopies}份`);

      const kinds = body.photos.map((p) => p.kind);
      const needed =
        body.applicant === 'AGENT' ? ['ID_FRONT', 'ID_BACK', 'RELATION_PROOF'] : ['ID_FRONT', 'ID_BACK'];
      if (
        kinds.length !== needed.length ||
        needed.some((k) => !kinds.includes(k as (typeof kinds)[number]))
      ) {
        throw inputError(
          'photos',
          body.applicant === 'AGENT'
            ? '请上传患者身份证人像面、国徽面照片和代办人与患者的关系证明'
            : '请上传身份证人像面和国徽面照片',
        );
      }
      const files = await ownedFiles(
        ctx.db,
        user.id,
        body.photos.map((p) => p.fileId),
      );
      if (
        new Set(body.photos.map((p) => p.fileId)).size !== body.photos.length ||
        files.size !== body.photos.length
      ) {
        throw businessError(404, '图片不存在', '上传的图片不存在或已失效，请重新上传');
      }

      const row = await ctx.db.transaction(async (tx) => {
        let address = null;
        if (body.delivery === 'EXPRESS') {
          if (!body.addressId) throw inputError('addressId', '请选择收货地址');
          const found = await ownedAddress(tx, user.id, body.addressId);
          if (!found) throw notFound('收货地址');
          address = {
            name: found.name,
            phone: found.phone,
            // The street (when chosen) goes on the parcel after the county.
            region: found.street ? [...found.region, found.street] : found.region,
            detail: found.detail,
            postalCode: found.postalCode,
          };
        }
        // One account's applications are counted one at a time (its contact row is the lock).
        await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, contact.id)).for('update');
        const open = await tx
          .select({ status: recordCopyOrders.status })
          .from(recordCopyOrders)
          .where(
            and(eq(recordCopyOrders.contactId, contact.id), eq(recordCopyOrders.hospitalId, body.hospitalId)),
          );
        if (
          open.filter((o) => !['FINISH', 'CANCEL', 'REFUSE'].includes(o.status)).length >=
          MAX_OPEN_APPLICATIONS
        ) {
          throw businessError(
            400,
            '申请过多',
            `该患者已有${MAX_OPEN_APPLICATIONS}份正在办理的病案复印申请，请办结后再申请`,
          );
        }
        const perCopy = parts.reduce((sum, p) => sum + p.priceFen, 0);
        const [inserted] = await tx
          .insert(recordCopyOrders)
          .values({
            userId: user.id,
            contactId: contact.id,
            hospitalId: body.hospitalId,
            patientName: contact.name,
            applicant: body.applicant,
            stays: stays.filter((s) => s !== undefined),
            purposeCode: purpose.code,
            purposeName: purpose.name,
            parts: parts.map(({ code, name }) => ({ code, name })),
            copies: body.copies,
            delivery: body.delivery,
            address,
            copyFee: perCopy * body.copies * stays.length,
            postage: body.delivery === 'EXPRESS' ? config.postageFen : 0,
            photos: body.photos,
            status: 'NO_PAY',
            updatedAt: now,
            createdAt: now,
          })
          .returning();
        await attachFiles(
          tx,
          user.id,
          [...files.values()].map((f) => f.id),
          now,
        );
        return inserted;
      });
      return toOrder(ctx.db, row, hospital.name);
    }),

    route(listRecordCopies, async ({ query }, ctx) => {
      const user = userOf(ctx);
      const hospital = await requireHospital(ctx.db, query.hospitalId);
      const rows = await ctx.db
        .select()
        .from(recordCopyOrders)
        .where(and(eq(recordCopyOrders.userId, user.id), eq(recordCopyOrders.hospitalId, query.hospitalId)))
        .orderBy(desc(recordCopyOrders.createdAt), desc(recordCopyOrders.id));
      return Promise.all(rows.map((r) => toOrder(ctx.db, r, hospital.name)));
    }),

    route(getRecordCopy, async ({ params }, ctx) => {
      const row = await ownedOrder(ctx.db, userOf(ctx).id, params.orderId);
      const hospital = await requireHospital(ctx.db, row.hospitalId);
      return toOrder(ctx.db, row, hospital.name);
    }),

    route(cancelRecordCopy, async ({ body }, ctx) => {
      const user = userOf(ctx);
      const now = ctx.clock.now();
      const { row, refundId } = await ctx.db.transaction(async (tx) => {
        const order = await ownedOrder(tx, user.id, body.orderId, true);
        if (order.status === 'CANCEL') return { row: order, refundId: null };
        if (!CANCELLABLE.has(order.status)) {
          throw businessError(
            400,
            '不能取消',
            order.status === 'REFUSE' || order.status === 'FINISH'
              ? '该申请已办结，不能取消'
              : '病案室已审核通过并开始复印，不能取消；如有疑问请联系病案室',
          );
        }
        await closePendingPayments(tx, 'RECORD_COPY', [order.id], now);
        const [updated] = await tx
          .update(recordCopyOrders)
          .set({ status: 'CANCEL', cancelledAt: now, updatedAt: now })
          .where(eq(recordCopyOrders.id, order.id))
          .returning();
        const refund =
          order.status === 'NO_REVIEWED'
            ? await requestRefund(tx, 'RECORD_COPY', order.id, '病案复印申请已取消', now)
            : null;
        return { row: updated, refundId: refund };
      });
      if (refundId !== null) await submitRefund(ctx, refundId, ctx.log);
      const hospital = await requireHospital(ctx.db, row.hospitalId);
      return toOrder(ctx.db, row, hospital.name);
    }),

    route(confirmRecordCopyReceipt, async ({ body }, ctx) => {
      const user = userOf(ctx);
      const now = ctx.clock.now();
      const row = await ctx.db.transaction(async (tx) => {
        const order = await ownedOrder(tx, user.id, body.orderId, true);
        if (order.status === 'FINISH') return order;
        if (order.status !== 'IS_DELIVERED') {
          throw businessError(400, '不能确认收货', '复印件寄出后才能确认收货');
        }
        const [updated] = await tx
          .update(recordCopyOrders)
          .set({ status: 'FINISH', finishedAt: now, updatedAt: now })
          .where(eq(recordCopyOrders.id, order.id))
          .returning();
        return updated;
      });
      const hospital = await requireHospital(ctx.db, row.hospitalId);
      return toOrder(ctx.db, row, hospital.name);
    }),

    route(getTracking, async ({ params }, ctx) => {
      const order = await ownedOrder(ctx.db, userOf(ctx).id, params.orderId);
      if (!order.trackingNo || !order.shippedAt || !order.address) {
        throw businessError(404, '暂无物流信息', '复印件尚未寄出，寄出后可查看物流');
      }
      const shipment = {
        trackingNo: order.trackingNo,
        shippedAt: order.shippedAt,
        region: order.address.region,
        phone: order.address.phone,
      };
      // The courier failing or slow does not fail the page: what we know of the parcel stays, without its journey.
      let journey: Journey | null = null;
      try {
        journey = await askOutside(COURIER_SYSTEM, (signal) => courier.track(shipment, signal), {
          timeoutMs: TRACK_TIMEOUT_MS,
        });
      } catch (error) {
        if (!(error instanceof OutsideSystemError)) throw error;
        ctx.log.warn({ err: error.cause ?? error, orderId: order.id }, '物流信息暂时无法获取');
      }
      return {
        orderId: String(order.id),
        company: order.courier ?? courier.company,
        trackingNo: order.trackingNo,
        state: journey?.state ?? null,
        addressee: {
          name: maskName(order.address.name),
          phone: maskPhone(order.address.phone),
          address: `${order.address.region.join('')}${order.address.detail}`,
        },
        events: (journey?.events ?? []).map((e) => ({ time: e.at.toISOString(), text: e.text })),
      };
    }),
  ];
}
