import { maskPhone } from '@patient/validation';
import { eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/tables.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { expressAddresses } from '../addresses/index.ts';
import { bedOrders } from '../beds/index.ts';
import { appointmentOrders } from '../booking/index.ts';
import { checkupApplications } from '../checkup/index.ts';
import { companionCards } from '../companion/index.ts';
import { consents } from '../consent/index.ts';
import { feedbacks, followUpTasks } from '../feedback/index.ts';
import { inpatientPayments, inpatientStays, outpatientCharges, outpatientOrders } from '../fees/index.ts';
import { uploadedFiles } from '../files/index.ts';
import { insuranceAuthorisations, insuranceSettlements } from '../insurance/index.ts';
import { eInvoices } from '../invoices/index.ts';
import { notifications } from '../notifications/index.ts';
import { nucleicAcidOrders } from '../nucleicacid/index.ts';
import { contacts, healthCards, healthCodes, medicalCards } from '../patients/index.ts';
import { payments, refunds } from '../payments/index.ts';
import { prepaidAccounts, prepaidEntries, prepaidRecharges } from '../prepaid/index.ts';
import { queueEntries } from '../queue/index.ts';
import { recordCopyOrders } from '../recordcopy/index.ts';
import { screenings } from '../screening/index.ts';

type Row = Record<string, unknown>;
type OwnedTable = PgTable & { userId: AnyPgColumn };

/** The sections of a copy, in order: the key in the JSON, the title in the PDF, the account's rows of a table. */
const SECTIONS: readonly { key: string; title: string; table: OwnedTable }[] = [
  { key: 'contacts', title: '就诊人', table: contacts },
  { key: 'medicalCards', title: '就诊卡', table: medicalCards },
  { key: 'healthCards', title: '电子健康卡', table: healthCards },
  { key: 'healthCodes', title: '健康码', table: healthCodes },
  { key: 'addresses', title: '收货地址', table: expressAddresses },
  { key: 'appointmentOrders', title: '挂号订单', table: appointmentOrders },
  { key: 'outpatientOrders', title: '门诊缴费订单', table: outpatientOrders },
  { key: 'outpatientCharges', title: '门诊结算', table: outpatientCharges },
  { key: 'inpatientStays', title: '住院记录', table: inpatientStays },
  { key: 'inpatientPayments', title: '住院缴费', table: inpatientPayments },
  { key: 'nucleicAcidOrders', title: '核酸检测订单', table: nucleicAcidOrders },
  { key: 'recordCopyOrders', title: '病案复印申请', table: recordCopyOrders },
  { key: 'checkupApplications', title: '体检申请', table: checkupApplications },
  { key: 'companionCards', title: '陪护证', table: companionCards },
  { key: 'bedOrders', title: '床位预约', table: bedOrders },
  { key: 'screenings', title: '社区筛查', table: screenings },
  { key: 'queueEntries', title: '排队签到', table: queueEntries },
  { key: 'payments', title: '支付记录', table: payments },
  { key: 'prepaidAccounts', title: '预交金账户', table: prepaidAccounts },
  { key: 'prepaidRecharges', title: '预交金充值', table: prepaidRecharges },
  { key: 'invoices', title: '电子票据', table: eInvoices },
  { key: 'insuranceAuthorisations', title: '医保支付授权', table: insuranceAuthorisations },
  { key: 'insuranceSettlements', title: '医保结算', table: insuranceSettlements },
  { key: 'uploads', title: '上传的照片（清单）', table: uploadedFiles },
  { key: 'consents', title: '隐私政策与用户协议的同意记录', table: consents },
  { key: 'feedback', title: '投诉与建议', table: feedbacks },
  { key: 'followUps', title: '随访任务', table: followUpTasks },
  { key: 'inbox', title: '消息中心', table: notifications },
];

/** Columns never copied: the account's own id (implied) and the internal names of stored files. */
const INTERNAL = new Set(['userId', 'storageKey']);

const plain = (row: Row): Row =>
  Object.fromEntries(
    Object.entries(row)
      .filter(([k]) => !INTERNAL.has(k))
      .map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
  );

/** The section titles by key, for the PDF. */
export const SECTION_TITLES: Record<string, string> = Object.fromEntries([
  ['account', '账号'],
  ...SECTIONS.map((s) => [s.key, s.title]),
  ['refunds', '退款记录'],
  ['prepaidEntries', '预交金流水'],
]);

/**
 * Everything held about the account and its contacts, by section: its rows in every domain that keeps personal
 * data (secrets such as code and session hashes excepted; uploads as a list, not their bytes).
 */
export async function collectPersonalData(db: DbOrTx, accountId: number, now: Date): Promise<Row> {
  const [user] = await db.select().from(users).where(eq(users.id, accountId));
  const copy: Row = {
    preparedAt: now.toISOString(),
    account: {
      accountId: String(user.id),
      phone: user.phone,
      phoneMasked: maskPhone(user.phone),
      status: user.status,
      createdAt: user.createdAt.toISOString(),
      lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    },
  };
  for (const s of SECTIONS) {
    const rows = (await db
      .select()
      .from(s.table as PgTable)
      .where(eq(s.table.userId, accountId))) as Row[];
    copy[s.key] = rows.map(plain);
  }
  const paymentIds = (copy.payments as Row[]).map((p) => p.id as number);
  copy.refunds =
    paymentIds.length > 0
      ? (await db.select().from(refunds).where(inArray(refunds.paymentId, paymentIds))).map(plain)
      : [];
  const accountIds = (copy.prepaidAccounts as Row[]).map((a) => a.id as number);
  copy.prepaidEntries =
    accountIds.length > 0
      ? (await db.select().from(prepaidEntries).where(inArray(prepaidEntries.accountId, accountIds))).map(
          plain,
        )
      : [];
  return copy;
}
