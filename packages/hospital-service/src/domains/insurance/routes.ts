import {
  exchangeAlipayPayAuthNo,
  exchangePayAuthNo,
  type InsuranceAuthorisation,
  insuranceAuthorization,
} from '@patient/contract';
import { maskName } from '@patient/validation';
import { eq } from 'drizzle-orm';
import { type RequestContext, userOf } from '../../platform/http/context.ts';
import { businessError, inputError } from '../../platform/http/errors.ts';
import { isSafeReturnPath } from '../../platform/http/html-page.ts';
import { route } from '../../platform/http/route.ts';
import { requireHospital } from '../hospitals/index.ts';
import { contacts, identityKeyOf, ownedContact } from '../patients/index.ts';
import { InsuranceCentreError } from './centre.ts';
import { insuranceAuthorisations } from './tables.ts';

/**
 * Exchanges the authorisation page's code for a pay authorisation and records whose it is: the user's contact
 * with the credential's identity number (the only person it may pay for).
 */
async function exchange(ctx: RequestContext, authCode: string, channel: 'WECHAT' | 'ALIPAY') {
  const user = userOf(ctx);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx): Promise<InsuranceAuthorisation> => {
    let granted: Awaited<ReturnType<typeof ctx.insuranceCentre.authorise>>;
    try {
      granted = await ctx.insuranceCentre.authorise(tx, authCode, now);
    } catch (err) {
      if (err instanceof InsuranceCentreError) throw businessError(400, err.message, err.message);
      throw err;
    }
    const key = identityKeyOf(granted.insured.identityNumber);
    const own = await tx
      .select({ id: contacts.id, name: contacts.name, documentNumber: contacts.documentNumber })
      .from(contacts)
      .where(eq(contacts.userId, user.id));
    const contact = own.find((c) => identityKeyOf(c.documentNumber) === key);
    if (!contact) {
      throw businessError(
        400,
        '授权人不是您的就诊人',
        '授权的医保电子凭证不属于您添加的就诊人，请先添加该就诊人或使用就诊人本人的凭证授权',
      );
    }
    await tx.insert(insuranceAuthorisations).values({
      userId: user.id,
      contactId: contact.id,
      payAuthNo: granted.payAuthNo,
      channel,
      createdAt: now,
      expiresAt: granted.expiresAt,
    });
    return {
      payAuthNo: granted.payAuthNo,
      contactId: String(contact.id),
      insuredName: maskName(granted.insured.name),
      expiresAt: granted.expiresAt.toISOString(),
    };
  });
}

export const insuranceRoutes = [
  route(insuranceAuthorization, async ({ query }, ctx) => {
    const user = userOf(ctx);
    await requireHospital(ctx.db, query.hospitalId);
    if (!isSafeReturnPath(query.returnPath)) throw inputError('returnPath', '返回地址必须是本站路径');
    const contact = await ownedContact(ctx.db, user.id, query.contactId);
    if (contact.documentType !== 'IDENTITY_CARD') {
      throw businessError(
        400,
        '不能使用医保支付',
        '医保电子凭证需使用居民身份证登记的就诊人，请选择自费支付',
      );
    }
    if (ctx.production && ctx.insuranceCentre.name === 'simulated') {
      throw businessError(400, '医保支付未开通', '医院尚未开通医保移动支付，请选择自费支付');
    }
    const base = ctx.paymentProviders.publicBaseUrl ?? '';
    return {
      url: ctx.insuranceCentre.authorisationUrl({
        hospitalId: query.hospitalId,
        returnUrl: `${base}${query.returnPath}`,
        insuredHint: String(contact.id),
      }),
    };
  }),

  route(exchangePayAuthNo, async ({ body }, ctx) => exchange(ctx, body.authCode, 'WECHAT')),
  route(exchangeAlipayPayAuthNo, async ({ body }, ctx) => exchange(ctx, body.authCode, 'ALIPAY')),
];
