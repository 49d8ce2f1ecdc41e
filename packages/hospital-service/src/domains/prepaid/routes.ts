import {
  type AccountTransaction,
  closeAccount,
  createRecharge,
  getAccountInfo,
  getRecharge,
  listAccountCards,
  listAccountTransactions,
  openAccount,
  type PrepaidAccount,
  RECHARGE_LIMITS,
  type Recharge,
  rechargeInfo,
} from '@patient/contract';
import { formatYuan, maskIdCard, maskName } from '@patient/validation';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { violatedConstraint } from '../../platform/database/errors.ts';
import { parseId } from '../../platform/database/ids.ts';
import { transactionNow } from '../../platform/database/now.ts';
import { ownedRow } from '../../platform/database/owned.ts';
import { type RequestContext, userOf } from '../../platform/http/context.ts';
import { conflict, inputError, notFound } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { requireHospital } from '../hospitals/index.ts';
import { type ContactRow, medicalCards, provenContact } from '../patients/index.ts';
import { closePendingPayments, requestRefund, submitRefund } from '../payments/index.ts';
import { type AccountRow, catchUp, entriesOf, hospitalMovements, postEntry } from './book.ts';
import { askLedger, type LedgerMovement, type PrepaidLedger } from './his.ts';
import { type RechargeRow, rechargeStatusOf } from './payable.ts';
import { prepaidAccounts, prepaidRecharges } from './tables.ts';

const CARD_TYPE: Record<string, string> = {
  HOSPITAL_CARD: '就诊卡',
  INSURANCE_CARD: '医保卡',
  HEALTH_CARD: '电子健康卡',
};

/** What of the balance goes back the way it was paid: the paid recharges not yet refunded, newest first. */
async function refundPlan(
  db: DbOrTx,
  account: AccountRow,
): Promise<{ recharge: RechargeRow; amount: number }[]> {
  const paid = await db
    .select()
    .from(prepaidRecharges)
    .where(and(eq(prepaidRecharges.accountId, account.id), eq(prepaidRecharges.status, 'PAID')))
    .orderBy(desc(prepaidRecharges.paidAt), desc(prepaidRecharges.id));
  let left = account.balance;
  const plan: { recharge: RechargeRow; amount: number }[] = [];
  for (const recharge of paid) {
    const amount = Math.min(left, recharge.amount - recharge.refundFen);
    if (amount <= 0) continue;
    plan.push({ recharge, amount });
    left -= amount;
    if (left === 0) break;
  }
  return plan;
}

async function toAccount(db: DbOrTx, account: AccountRow, contact: ContactRow): Promise<PrepaidAccount> {
  const refundable =
    account.status === 'OPEN' ? (await refundPlan(db, account)).reduce((sum, p) => sum + p.amount, 0) : 0;
  return {
    accountId: String(account.id),
    accountNo: account.accountNo,
    hospitalId: account.hospitalId,
    contactId: String(account.contactId),
    patientName: maskName(contact.name),
    identityCard: maskIdCard(contact.documentNumber),
    cardNo: account.cardNo,
    status: account.status as PrepaidAccount['status'],
    balance: account.balance,
    refundable,
    openedAt: account.openedAt.toISOString(),
    closedAt: account.closedAt?.toISOString() ?? null,
  };
}

/** The contact's account at the hospital, brought up to date: the open one, else the latest closed one. */
async function currentAccount(
  ctx: RequestContext,
  ledger: PrepaidLedger,
  contact: ContactRow,
  hospitalId: string,
) {
  const [latest] = await ctx.db
    .select()
    .from(prepaidAccounts)
    .where(and(eq(prepaidAccounts.contactId, contact.id), eq(prepaidAccounts.hospitalId, hospitalId)))
    .orderBy(desc(prepaidAccounts.status), desc(prepaidAccounts.id))
    .limit(1);
  if (!latest) return null;
  return latest.status === 'OPEN' ? refreshed(ctx, ledger, latest) : latest;
}

/** The account after the HIS's movements up to now: asked first, then copied under the account's lock. */
async function refreshed(
  ctx: RequestContext,
  ledger: PrepaidLedger,
  account: AccountRow,
): Promise<AccountRow> {
  const movements = await hospitalMovements(ctx.db, ledger, account, ctx.clock.now());
  if (movements.length === 0) return account;
  return ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(prepaidAccounts)
      .where(eq(prepaidAccounts.id, account.id))
      .for('update');
    return catchUp(tx, locked, movements);
  });
}

/** The user's account (another user's answers as if there were none), with its contact. */
async function ownedAccount(ctx: RequestContext, accountId: string) {
  const user = userOf(ctx);
  const account = await ownedRow(ctx.db, prepaidAccounts, accountId, user.id, { missing: '预交金账户' });
  const contact = await provenContact(ctx.db, user.id, String(account.contactId));
  return { account, contact };
}

const provenContactOf = (ctx: RequestContext, contactId: string) =>
  provenContact(ctx.db, userOf(ctx).id, contactId);

async function cardsOf(db: DbOrTx, contact: ContactRow, hospitalId: string) {
  return db
    .select()
    .from(medicalCards)
    .where(and(eq(medicalCards.contactId, contact.id), eq(medicalCards.hospitalId, hospitalId)))
    .orderBy(desc(medicalCards.isDefault), medicalCards.id);
}

function toRecharge(r: RechargeRow, account: AccountRow, now: Date): Recharge {
  return {
    rechargeId: String(r.id),
    accountId: String(account.id),
    hospitalId: account.hospitalId,
    contactId: String(account.contactId),
    amount: r.amount,
    status: rechargeStatusOf(r, now),
    createdAt: r.createdAt.toISOString(),
    paidAt: r.paidAt?.toISOString() ?? null,
    balance: account.balance,
  };
}

const yuan = (fen: number) => formatYuan(fen).replace('¥', '');

/** The next account id, taken before the HIS opens the account (the HIS's number is made from it). */
async function nextAccountId(db: DbOrTx): Promise<number> {
  const result = (await db.execute(
    sql`SELECT nextval(pg_get_serial_sequence('prepaid_accounts', 'id')) AS id`,
  )) as unknown as { rows: { id: number | string }[] };
  return Number(result.rows[0].id);
}

type RefundPlan = Awaited<ReturnType<typeof refundPlan>>;

/** The balance once the hospital's movements not yet in the book are copied (as catchUp copies them). */
async function balanceAfter(db: DbOrTx, account: AccountRow, movements: LedgerMovement[]): Promise<number> {
  const posted = new Set((await entriesOf(db, account.id)).map((e) => e.ref));
  let balance = account.balance;
  for (const m of movements) if (!posted.has(m.ref)) balance -= Math.min(balance, m.amountFen);
  return balance;
}

/** A balance that did not come from online recharges goes back at the window, not here. */
function refuseWindowBalance(balance: number, plan: RefundPlan) {
  const planned = plan.reduce((sum, p) => sum + p.amount, 0);
  if (planned < balance) {
    throw conflict(
      '请到窗口办理退款',
      `余额中有${yuan(balance - planned)}元不能原路退回，请携带身份证到医院收费窗口办理销户退款`,
    );
  }
}

const samePlan = (a: RefundPlan, b: RefundPlan) =>
  a.length === b.length && a.every((p, i) => p.recharge.id === b[i].recharge.id && p.amount === b[i].amount);

/** The prepaid calls over the hospital's account `ledger` (the module's port). */
export const prepaidRoutes = (ledger: PrepaidLedger) => [
  route(getAccountInfo, async ({ params, body }, ctx) => {
    await requireHospital(ctx.db, params.hospitalId);
    const contact = await provenContactOf(ctx, body.contactId);
    const [card] = await cardsOf(ctx.db, contact, params.hospitalId);
    const account = await currentAccount(ctx, ledger, contact, params.hospitalId);
    return {
      contactId: String(contact.id),
      patientName: maskName(contact.name),
      identityCard: maskIdCard(contact.documentNumber),
      cardNo: card?.medicalCardNo ?? null,
      account: account ? await toAccount(ctx.db, account, contact) : null,
    };
  }),

  route(openAccount, async ({ params, body }, ctx) => {
    await requireHospital(ctx.db, params.hospitalId);
    const contact = await provenContactOf(ctx, body.contactId);
    const [card] = await cardsOf(ctx.db, contact, params.hospitalId);
    if (!card) {
      throw conflict('请先绑定就诊卡', '开通预交金账户需要就诊人在本院的就诊卡，请先绑定就诊卡');
    }
    const now = ctx.clock.now();
    const [open] = await ctx.db
      .select({ id: prepaidAccounts.id })
      .from(prepaidAccounts)
      .where(
        and(
          eq(prepaidAccounts.contactId, contact.id),
          eq(prepaidAccounts.hospitalId, params.hospitalId),
          eq(prepaidAccounts.status, 'OPEN'),
        ),
      );
    if (open) throw conflict('账户已开通', '该就诊人在本院已开通预交金账户');
    // Our number first (an unused one is a gap), then the HIS opens the account, then it is written.
    const id = await nextAccountId(ctx.db);
    const { accountNo } = await askLedger(ledger, (l) =>
      l.open({
        accountRef: String(id),
        cardNo: card.medicalCardNo,
        person: { hospitalId: params.hospitalId, identityCard: contact.documentNumber, name: contact.name },
      }),
    );
    try {
      const [account] = await ctx.db
        .insert(prepaidAccounts)
        .overridingSystemValue()
        .values({
          id,
          userId: contact.userId,
          contactId: contact.id,
          hospitalId: params.hospitalId,
          accountNo,
          cardNo: card.medicalCardNo,
          status: 'OPEN',
          openedAt: now,
        })
        .returning();
      return toAccount(ctx.db, account, contact);
    } catch (error) {
      if (violatedConstraint(error) === 'prepaid_accounts_one_open') {
        throw conflict('账户已开通', '该就诊人在本院已开通预交金账户');
      }
      throw error;
    }
  }),

  route(listAccountTransactions, async ({ params, body }, ctx) => {
    const { account, contact } = await ownedAccount(ctx, body.accountId);
    if (account.hospitalId !== params.hospitalId) throw notFound('预交金账户');
    const current = account.status === 'OPEN' ? await refreshed(ctx, ledger, account) : account;
    const entries = await entriesOf(ctx.db, account.id);
    const rechargeIds = entries.flatMap((e) => (e.kind === 'REFUND' && e.rechargeId ? [e.rechargeId] : []));
    const refunded = new Set(
      rechargeIds.length === 0
        ? []
        : (
            await ctx.db
              .select({ id: prepaidRecharges.id, refundedAt: prepaidRecharges.refundedAt })
              .from(prepaidRecharges)
              .where(inArray(prepaidRecharges.id, rechargeIds))
          )
            .filter((r) => r.refundedAt !== null)
            .map((r) => r.id),
    );
    const items: AccountTransaction[] = entries
      .map((e) => ({
        transactionId: String(e.id),
        kind: e.kind as AccountTransaction['kind'],
        amount: e.amount,
        balanceAfter: e.balanceAfter,
        at: e.at.toISOString(),
        title: e.title,
        channel: e.channel,
        status:
          e.kind === 'REFUND' && e.rechargeId !== null && !refunded.has(e.rechargeId)
            ? ('PROCESSING' as const)
            : ('DONE' as const),
      }))
      .reverse();
    return { account: await toAccount(ctx.db, current, contact), items };
  }),

  route(closeAccount, async ({ query }, ctx) => {
    const { account, contact } = await ownedAccount(ctx, query.accountId);
    if (query.name !== contact.name) {
      throw inputError('name', '姓名与账户人不一致，请输入账户人的完整姓名');
    }
    if (account.status !== 'OPEN') throw conflict('账户已注销', '该预交金账户已注销');
    // The ledger first (before anything is written here): the hospital's movements, the refunds of the plan,
    // the closing.
    const movements = await hospitalMovements(ctx.db, ledger, account, ctx.clock.now());
    const asked = await refundPlan(ctx.db, {
      ...account,
      balance: await balanceAfter(ctx.db, account, movements),
    });
    refuseWindowBalance(await balanceAfter(ctx.db, account, movements), asked);
    for (const { recharge, amount } of asked) {
      await askLedger(ledger, (l) =>
        l.refund({
          accountNo: account.accountNo,
          ref: `close-refund:${recharge.id}`,
          amountFen: amount,
          at: ctx.clock.now(),
        }),
      );
    }
    await askLedger(ledger, (l) => l.close({ accountNo: account.accountNo, at: ctx.clock.now() }));
    const { closed, refundIds, refundFen } = await ctx.db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(prepaidAccounts)
        .where(eq(prepaidAccounts.id, account.id))
        .for('update');
      if (locked.status !== 'OPEN') throw conflict('账户已注销', '该预交金账户已注销');
      const now = await transactionNow(tx, ctx.clock);
      const current = await catchUp(tx, locked, movements);
      const plan = await refundPlan(tx, current);
      const planned = plan.reduce((sum, p) => sum + p.amount, 0);
      refuseWindowBalance(current.balance, plan);
      if (!samePlan(plan, asked)) {
        throw conflict('账户余额已变化', '注销期间账户余额发生了变化，请刷新后重新办理');
      }
      const refundIds: number[] = [];
      for (const { recharge, amount } of plan) {
        const refundId = await requestRefund(
          tx,
          'ACCOUNT_RECHARGE',
          recharge.id,
          '预交金账户注销，余额原路退回',
          now,
          amount,
        );
        if (refundId === null) throw new Error(`recharge ${recharge.id} has no PAID payment`);
        refundIds.push(refundId);
        await tx
          .update(prepaidRecharges)
          .set({ refundFen: recharge.refundFen + amount })
          .where(eq(prepaidRecharges.id, recharge.id));
        await postEntry(tx, current, {
          kind: 'REFUND',
          amount,
          at: now,
          title: '销户退款',
          channel: '原路退回',
          ref: `close-refund:${recharge.id}`,
          rechargeId: recharge.id,
        });
      }
      // Recharges still waiting for their money cannot be paid any more.
      const waiting = await tx
        .update(prepaidRecharges)
        .set({ status: 'CLOSED', closedAt: now })
        .where(and(eq(prepaidRecharges.accountId, account.id), eq(prepaidRecharges.status, 'PENDING')))
        .returning({ id: prepaidRecharges.id });
      await closePendingPayments(
        tx,
        'ACCOUNT_RECHARGE',
        waiting.map((w) => w.id),
        now,
      );
      const [closed] = await tx
        .update(prepaidAccounts)
        .set({ status: 'CLOSED', closedAt: now })
        .where(eq(prepaidAccounts.id, account.id))
        .returning();
      return { closed, refundIds, refundFen: planned };
    });
    for (const refundId of refundIds) await submitRefund(ctx, refundId, ctx.log);
    return { account: await toAccount(ctx.db, closed, contact), refundFen };
  }),

  route(listAccountCards, async ({ query }, ctx) => {
    await requireHospital(ctx.db, query.hospitalId);
    const contact = await provenContactOf(ctx, query.contactId);
    const cards = await cardsOf(ctx.db, contact, query.hospitalId);
    const account = await currentAccount(ctx, ledger, contact, query.hospitalId);
    return {
      patientName: maskName(contact.name),
      identityCard: maskIdCard(contact.documentNumber),
      account: account ? await toAccount(ctx.db, account, contact) : null,
      cards: cards.map((c) => ({
        cardId: String(c.id),
        cardNo: c.medicalCardNo,
        cardType: CARD_TYPE[c.type] ?? '就诊卡',
        isDefault: c.isDefault,
      })),
    };
  }),

  route(rechargeInfo, async ({ body }, ctx) => {
    await requireHospital(ctx.db, body.hospitalId);
    const contact = await provenContactOf(ctx, body.contactId);
    const account = await currentAccount(ctx, ledger, contact, body.hospitalId);
    if (account?.status !== 'OPEN') {
      throw conflict('请先开通预交金账户', '该就诊人在本院还没有开通中的预交金账户');
    }
    return {
      account: await toAccount(ctx.db, account, contact),
      minFen: RECHARGE_LIMITS.minFen,
      maxFen: RECHARGE_LIMITS.maxFen,
      roomFen: Math.max(0, RECHARGE_LIMITS.maxBalanceFen - account.balance),
      presetsFen: [...RECHARGE_LIMITS.presetsFen],
    };
  }),

  route(createRecharge, async ({ body }, ctx) => {
    const { account } = await ownedAccount(ctx, body.accountId);
    if (account.hospitalId !== body.hospitalId) throw notFound('预交金账户');
    if (account.status !== 'OPEN') throw conflict('账户已注销', '该预交金账户已注销，不能充值');
    const amount = body.amount;
    if (amount <= 0) throw inputError('amount', '请输入大于0的充值金额');
    if (amount < RECHARGE_LIMITS.minFen) {
      throw inputError('amount', `单次充值金额不能少于${yuan(RECHARGE_LIMITS.minFen)}元`);
    }
    if (amount > RECHARGE_LIMITS.maxFen) {
      throw inputError('amount', `单次充值金额不能超过${yuan(RECHARGE_LIMITS.maxFen)}元`);
    }
    const room = RECHARGE_LIMITS.maxBalanceFen - account.balance;
    if (amount > room) {
      throw inputError(
        'amount',
        `账户余额上限为${yuan(RECHARGE_LIMITS.maxBalanceFen)}元，本次最多可充${yuan(Math.max(0, room))}元`,
      );
    }
    const now = ctx.clock.now();
    const [row] = await ctx.db
      .insert(prepaidRecharges)
      .values({ userId: account.userId, accountId: account.id, amount, status: 'PENDING', createdAt: now })
      .returning();
    return toRecharge(row, account, now);
  }),

  route(getRecharge, async ({ params }, ctx) => {
    const user = userOf(ctx);
    const id = parseId(params.rechargeId);
    const [row] =
      id === null
        ? []
        : await ctx.db
            .select({ recharge: prepaidRecharges, account: prepaidAccounts })
            .from(prepaidRecharges)
            .innerJoin(prepaidAccounts, eq(prepaidAccounts.id, prepaidRecharges.accountId))
            .where(and(eq(prepaidRecharges.id, id), eq(prepaidRecharges.userId, user.id)))
            .limit(1);
    if (!row) throw notFound('充值记录');
    return toRecharge(row.recharge, row.account, ctx.clock.now());
  }),
];
