import { startFaceVerification, verifyFaceResult } from '@patient/contract';
import { and, count, eq, gte, isNull } from 'drizzle-orm';
import { DAY, MINUTE } from '../../platform/clock.ts';
import { userOf } from '../../platform/http/context.ts';
import { businessError, conflict, tooManyRequests } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { askOutside } from '../../platform/outside-system.ts';
import { isHisProven, ownedContact, toContact } from './common.ts';
import { type FaceVerification, FaceVerificationError } from './face-verification.ts';
import { type ContactPerson, recordProof } from './proof.ts';
import { faceVerifications } from './tables.ts';

/** Face verifications one contact may start in a rolling 24 hours (each one costs the hospital). */
export const FACE_STARTS_PER_CONTACT_DAY = 5;
/** How long after its start a verification's result proves the contact. */
const TICKET_MINUTES = 30;

const notOpen = () =>
  businessError(503, '人脸核身暂未开通', '人脸识别验证暂未开通，请使用医院登记手机号验证');
const expired = () =>
  businessError(400, '人脸识别验证已失效', '本次人脸识别验证已失效，请重新发起人脸识别验证');
const failed = () =>
  businessError(
    400,
    '人脸识别验证未通过',
    '人脸识别未通过，请确认由就诊人本人完成验证后重试，或使用医院登记手机号验证',
  );
const changed = () =>
  businessError(409, '就诊人信息已变更', '就诊人姓名或证件信息已变更，请重新进行人脸识别验证');
const alreadyProven = () =>
  conflict('就诊人身份已验证', '该就诊人身份已验证，可直接查看其就诊卡、报告和费用等信息');

/** The system a failure or time-out names (state 503). */
const FACE_SYSTEM = '人脸核身平台';
const isRefusal = (error: unknown) => error instanceof FaceVerificationError;

const samePerson = (a: ContactPerson, b: ContactPerson) =>
  a.documentType === b.documentType && a.documentNumber === b.documentNumber && a.name === b.name;

const normalisedName = (name: string) => name.trim().replace(/\s+/g, ' ').toUpperCase();

/**
 * Proving a contact by a face verification (FACE): the owner starts one for the contact as it is now (a resident
 * ID card only), the patient passes it on the platform's page, and its result — for this account, this contact
 * and this person, within 30 minutes, once — records the proof. Nothing changes on any refusal.
 */
export function faceRoutes(face: FaceVerification | null) {
  return [
    route(startFaceVerification, async ({ params, body }, ctx) => {
      const user = userOf(ctx);
      const contact = await ownedContact(ctx.db, user.id, params.contactId);
      if (isHisProven(contact)) throw alreadyProven();
      if (!face) throw notOpen();
      if (contact.documentType !== 'IDENTITY_CARD') {
        throw businessError(
          400,
          '暂不支持该证件类型',
          '人脸识别验证仅支持使用居民身份证的就诊人，请使用医院登记手机号验证',
        );
      }
      const now = ctx.clock.now();
      const [{ n }] = await ctx.db
        .select({ n: count() })
        .from(faceVerifications)
        .where(
          and(
            eq(faceVerifications.contactId, contact.id),
            gte(faceVerifications.createdAt, new Date(now.getTime() - DAY)),
          ),
        );
      if (n >= FACE_STARTS_PER_CONTACT_DAY) {
        throw tooManyRequests(
          '人脸识别验证次数过多',
          `该就诊人24小时内最多发起${FACE_STARTS_PER_CONTACT_DAY}次人脸识别验证，请稍后再试或使用医院登记手机号验证`,
        );
      }
      let started: { verifyUrl: string; ticket: string };
      try {
        const origin = ctx.request.headers.origin;
        started = await askOutside(
          FACE_SYSTEM,
          () =>
            face.start({
              name: contact.name,
              idNumber: contact.documentNumber,
              returnUrl: body.returnPath,
              origin: typeof origin === 'string' ? origin : undefined,
            }),
          { passThrough: isRefusal },
        );
      } catch (error) {
        if (!(error instanceof FaceVerificationError)) throw error;
        ctx.log.warn({ reason: error.message }, '人脸核身发起失败');
        throw businessError(
          502,
          '人脸核身服务暂不可用',
          '人脸识别验证暂时无法发起，请稍后再试或使用医院登记手机号验证',
        );
      }
      await ctx.db.insert(faceVerifications).values({
        userId: user.id,
        contactId: contact.id,
        ticket: started.ticket,
        documentType: contact.documentType,
        documentNumber: contact.documentNumber,
        name: contact.name,
        createdAt: now,
      });
      return started;
    }),

    route(verifyFaceResult, async ({ params, body }, ctx) => {
      const user = userOf(ctx);
      const contact = await ownedContact(ctx.db, user.id, params.contactId);
      if (isHisProven(contact)) return toContact(contact);
      if (!face) throw notOpen();
      const now = ctx.clock.now();
      const [started] = await ctx.db
        .select()
        .from(faceVerifications)
        .where(
          and(
            eq(faceVerifications.ticket, body.ticket),
            eq(faceVerifications.userId, user.id),
            eq(faceVerifications.contactId, contact.id),
            isNull(faceVerifications.settledAt),
          ),
        )
        .limit(1);
      if (!started || now.getTime() - started.createdAt.getTime() > TICKET_MINUTES * MINUTE) throw expired();
      if (!samePerson(started, contact)) throw changed();
      let result: Awaited<ReturnType<FaceVerification['result']>>;
      try {
        result = await askOutside(FACE_SYSTEM, () => face.result(body.ticket), { passThrough: isRefusal });
      } catch (error) {
        if (!(error instanceof FaceVerificationError)) throw error;
        ctx.log.warn({ reason: error.message }, '人脸核身结果查询失败');
        throw businessError(502, '人脸核身服务暂不可用', '暂时无法查询人脸识别结果，请稍后再试');
      }
      if (result.status === 'PENDING') {
        throw businessError(409, '人脸识别尚未完成', '请先在核身页面完成人脸识别，再返回本页查看结果');
      }
      if (result.status === 'UNKNOWN') throw expired();
      const verified = result.person;
      if (
        !result.passed ||
        !verified ||
        verified.idNumber.toUpperCase() !== started.documentNumber.toUpperCase() ||
        normalisedName(verified.name) !== normalisedName(started.name)
      ) {
        throw failed();
      }
      const updated = await ctx.db.transaction(async (tx) => {
        const [settled] = await tx
          .update(faceVerifications)
          .set({ settledAt: now })
          .where(and(eq(faceVerifications.id, started.id), isNull(faceVerifications.settledAt)))
          .returning({ id: faceVerifications.id });
        if (!settled) throw expired();
        const row = await recordProof(tx, contact, started, 'FACE', now);
        if (!row) throw changed();
        return row;
      });
      return toContact(updated);
    }),
  ];
}
