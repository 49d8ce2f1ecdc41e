import { eq } from 'drizzle-orm';
import { lockAccount } from '../../platform/auth/users.ts';
import type { Tx } from '../../platform/database/connect.ts';
import type { DeletionBlocker, Detached } from '../../platform/privacy/erasure.ts';
import { erasePersonalData as eraseAccount, erasedAccountId } from '../accounts/index.ts';
import { erasePersonalData as eraseAddresses } from '../addresses/index.ts';
import { erasePersonalData as eraseBeds } from '../beds/index.ts';
import {
  blockersOfDeletion as bookingBlockers,
  erasePersonalData as eraseBooking,
} from '../booking/index.ts';
import { erasePersonalData as eraseCheckup } from '../checkup/index.ts';
import { erasePersonalData as eraseCompanion } from '../companion/index.ts';
import { erasePersonalData as eraseConsents } from '../consent/index.ts';
import { erasePersonalData as eraseFeedback } from '../feedback/index.ts';
import { erasePersonalData as eraseFees } from '../fees/index.ts';
import { erasePersonalData as eraseFiles } from '../files/index.ts';
import { erasePersonalData as eraseInsurance } from '../insurance/index.ts';
import { erasePersonalData as eraseInvoices } from '../invoices/index.ts';
import { erasePersonalData as eraseNotifications } from '../notifications/index.ts';
import { erasePersonalData as eraseNucleicAcid } from '../nucleicacid/index.ts';
import { erasedContactId, erasePersonalData as erasePatients } from '../patients/index.ts';
import {
  erasePersonalData as erasePayments,
  blockersOfDeletion as paymentBlockers,
} from '../payments/index.ts';
import {
  erasePersonalData as erasePrepaid,
  blockersOfDeletion as prepaidBlockers,
} from '../prepaid/index.ts';
import { erasePersonalData as eraseQueue } from '../queue/index.ts';
import { erasePersonalData as eraseRecordCopy } from '../recordcopy/index.ts';
import { erasePersonalData as eraseScreening } from '../screening/index.ts';
import { dataCopies } from './tables.ts';

/** What deletion removes at once (shown before the patient confirms). */
export const ERASED_AT_ONCE = [
  '账号与登录状态：手机号、全部登录会话（所有设备立即退出）、短信验证码记录',
  '就诊人：姓名、证件号码、手机号、地址等，及其实名认证、人脸核身记录',
  '就诊卡、电子健康卡与健康码',
  '收货地址',
  '上传的照片（证件照、投诉建议附图等）',
  '投诉建议、随访记录、消息中心的消息',
  '体检申请、陪护证、床位预约、社区筛查、排队签到记录',
  '医保支付授权、微信/支付宝的支付身份绑定',
  '个人信息副本',
  '隐私政策与用户协议的同意记录与您的关联（记录本身匿名保留）',
];

/** Kept because the law requires it: detached from the person, for the stated period (README 'Personal information'). */
export const KEPT_BY_LAW = [
  {
    what: '支付与退款记录、电子票据、预交金账户流水、医保结算记录',
    period: '自交易完成之日起 30 年',
    rule: '《会计档案管理办法》第十四条（会计凭证、会计账簿保管期限 30 年）',
  },
  {
    what: '挂号、门诊缴费、住院、病案复印、核酸检测订单（支付记录的原始单据）',
    period: '自交易完成之日起 30 年',
    rule: '《会计档案管理办法》第十四条；《电子商务法》第三十一条（交易信息保存不少于 3 年）',
  },
];

/** Every domain's money in flight for the account (empty: it may be deleted). */
export async function blockersOf(tx: Tx, accountId: number, now: Date): Promise<DeletionBlocker[]> {
  return [
    ...(await bookingBlockers(tx, accountId, now)),
    ...(await paymentBlockers(tx, accountId)),
    ...(await prepaidBlockers(tx, accountId)),
  ];
}

export type DeletionOutcome =
  | { deleted: false; blockers: DeletionBlocker[] }
  | { deleted: true; fileKeys: string[] };

/**
 * Deletes the account in the caller's transaction: refused (nothing changed) while money is in flight; otherwise
 * the rows the law keeps move to the detached account without names, then every other row of the account goes,
 * the account last. Answers the storage keys of its uploaded files, to remove after the commit.
 */
export async function deleteAccountData(tx: Tx, accountId: number, now: Date): Promise<DeletionOutcome> {
  await lockAccount(tx, accountId);
  const blockers = await blockersOf(tx, accountId, now);
  if (blockers.length > 0) return { deleted: false, blockers };
  const userId = await erasedAccountId(tx);
  const detached: Detached = { userId, contactId: await erasedContactId(tx, userId) };
  // Kept by law, detached first: the deletions below would otherwise take them with the contacts.
  await erasePayments(tx, accountId, detached);
  await eraseInsurance(tx, accountId, detached);
  await eraseInvoices(tx, accountId, detached);
  await eraseBooking(tx, accountId, detached);
  await eraseFees(tx, accountId, detached);
  await erasePrepaid(tx, accountId, detached);
  await eraseRecordCopy(tx, accountId, detached);
  await eraseNucleicAcid(tx, accountId, detached);
  await eraseConsents(tx, accountId, detached);
  // Deleted.
  await eraseFeedback(tx, accountId);
  await eraseNotifications(tx, accountId);
  await eraseCheckup(tx, accountId);
  await eraseCompanion(tx, accountId);
  await eraseBeds(tx, accountId);
  await eraseScreening(tx, accountId);
  await eraseQueue(tx, accountId);
  await eraseAddresses(tx, accountId);
  await tx.delete(dataCopies).where(eq(dataCopies.userId, accountId));
  const fileKeys = await eraseFiles(tx, accountId);
  await erasePatients(tx, accountId);
  await eraseAccount(tx, accountId);
  return { deleted: true, fileKeys };
}

/**
 * Deletes one contact of the account in the caller's transaction, like {@link deleteAccountData} for one person:
 * refused while money of the contact is in flight; its rows the law keeps stay with the account, moved to the
 * detached contact without its name or documents; its cards, health card and code, proofs, check-ups, queue
 * places, companion cards, screenings, follow-ups, bed orders, messages and the ID photos of its record copy
 * applications go.
 */
export async function deleteContactData(
  tx: Tx,
  accountId: number,
  contactId: number,
  now: Date,
): Promise<DeletionOutcome> {
  await lockAccount(tx, accountId);
  const blockers = [
    ...(await bookingBlockers(tx, accountId, now, contactId)),
    ...(await prepaidBlockers(tx, accountId, contactId)),
  ];
  if (blockers.length > 0) return { deleted: false, blockers };
  const detached: Detached = {
    userId: accountId,
    contactId: await erasedContactId(tx, await erasedAccountId(tx)),
  };
  await eraseInvoices(tx, accountId, detached, contactId);
  await eraseBooking(tx, accountId, detached, contactId);
  await eraseFees(tx, accountId, detached, contactId);
  await erasePrepaid(tx, accountId, detached, contactId);
  const photos = await eraseRecordCopy(tx, accountId, detached, contactId);
  await eraseNucleicAcid(tx, accountId, detached, contactId);
  await eraseNotifications(tx, accountId, contactId);
  await eraseBeds(tx, accountId, contactId);
  const fileKeys = await eraseFiles(tx, accountId, photos);
  // Check-ups, queue places, companion cards, screenings and follow-ups go with the contact (its foreign keys).
  await erasePatients(tx, accountId, contactId);
  return { deleted: true, fileKeys };
}
