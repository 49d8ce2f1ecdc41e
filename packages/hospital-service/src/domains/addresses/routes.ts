import {
  addAddress,
  type ExpressAddress,
  getAddress,
  listAddresses,
  MAX_ADDRESSES,
  removeAddress,
  updateAddress,
} from '@patient/contract';
import { ADDRESS_FORM_MESSAGES, type AddressField, validateAddressForm } from '@patient/validation';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import { users } from '../../platform/auth/tables.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { findOwnedRow } from '../../platform/database/owned.ts';
import { userOf } from '../../platform/http/context.ts';
import { businessError, inputError, notFound } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { COUNTY_PATHS, STREETS } from '../reference/index.ts';
import { expressAddresses } from './tables.ts';

export type AddressRow = typeof expressAddresses.$inferSelect;

export const toAddress = (row: AddressRow): ExpressAddress => ({
  addressId: String(row.id),
  name: row.name,
  phone: row.phone,
  countyCode: row.countyCode,
  region: row.region,
  streetCode: row.streetCode,
  street: row.street,
  detail: row.detail,
  postalCode: row.postalCode,
  isDefault: row.isDefault,
});

/** The user's address (locked FOR UPDATE when asked), or null: another account's or an unknown one. */
export async function ownedAddress(
  db: DbOrTx,
  userId: number,
  addressId: string,
  lock = false,
): Promise<AddressRow | null> {
  return findOwnedRow(db, expressAddresses, addressId, userId, { lock });
}

const FIELD_OF: Record<AddressField, string> = {
  name: 'name',
  phone: 'phone',
  area: 'countyCode',
  detail: 'detail',
  postalCode: 'postalCode',
};

/**
 * The form checked as the app checks it (001 §5 messages, first failing field), then the county: its names; a
 * street, when given, must be one of the county's.
 */
function checkedForm(body: {
  name: string;
  phone: string;
  countyCode: string;
  streetCode?: string;
  detail: string;
  postalCode?: string;
}) {
  const { errors } = validateAddressForm({ ...body, area: body.countyCode });
  const first = (Object.keys(FIELD_OF) as AddressField[]).find((f) => errors[f]);
  if (first) throw inputError(FIELD_OF[first], errors[first] as string);
  const path = COUNTY_PATHS.get(body.countyCode);
  if (!path) throw inputError('countyCode', ADDRESS_FORM_MESSAGES.area);
  const streetCode = body.streetCode?.trim() ?? '';
  const street = streetCode ? STREETS.get(body.countyCode)?.find((s) => s.code === streetCode) : null;
  if (street === undefined) throw inputError('streetCode', '请选择所在区县下的街道/乡镇');
  return {
    name: body.name.trim(),
    phone: body.phone,
    countyCode: body.countyCode,
    region: [...path],
    streetCode,
    street: street?.name ?? '',
    detail: body.detail.trim(),
    postalCode: body.postalCode?.trim() ?? '',
  };
}

/** Serialises the address changes of one account (its user row), so that one default and the limit hold. */
const lockUser = (tx: DbOrTx, userId: number) =>
  tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');

const clearDefault = (tx: DbOrTx, userId: number, except: number) =>
  tx
    .update(expressAddresses)
    .set({ isDefault: false })
    .where(
      and(
        eq(expressAddresses.userId, userId),
        eq(expressAddresses.isDefault, true),
        ne(expressAddresses.id, except),
      ),
    );

/** The address book: list, add, edit (default included), remove, one. Every call is the logged-in account's. */
export const addressRoutes = [
  route(listAddresses, async (_input, ctx) => {
    const user = userOf(ctx);
    const rows = await ctx.db
      .select()
      .from(expressAddresses)
      .where(eq(expressAddresses.userId, user.id))
      .orderBy(desc(expressAddresses.isDefault), desc(expressAddresses.updatedAt), desc(expressAddresses.id));
    return rows.map(toAddress);
  }),

  route(getAddress, async ({ params }, ctx) => {
    const row = await ownedAddress(ctx.db, userOf(ctx).id, params.addressId);
    if (!row) throw notFound('收货地址');
    return toAddress(row);
  }),

  route(addAddress, async ({ body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const form = checkedForm(body);
    const row = await ctx.db.transaction(async (tx) => {
      await lockUser(tx, user.id);
      const [{ n }] = await tx
        .select({ n: count() })
        .from(expressAddresses)
        .where(eq(expressAddresses.userId, user.id));
      if (n >= MAX_ADDRESSES) {
        throw businessError(
          400,
          '收货地址已达上限',
          `最多保存${MAX_ADDRESSES}个收货地址，请先删除不用的地址`,
        );
      }
      const isDefault = n === 0 || body.isDefault === true;
      if (isDefault) await clearDefault(tx, user.id, 0);
      const [added] = await tx
        .insert(expressAddresses)
        .values({
          userId: user.id,
          ...form,
          isDefault,
          updatedAt: now,
          createdAt: now,
        })
        .returning();
      return added;
    });
    return toAddress(row);
  }),

  route(updateAddress, async ({ body }, ctx) => {
    const user = userOf(ctx);
    const now = ctx.clock.now();
    const form = checkedForm(body);
    const row = await ctx.db.transaction(async (tx) => {
      await lockUser(tx, user.id);
      const current = await ownedAddress(tx, user.id, body.addressId, true);
      if (!current) throw notFound('收货地址');
      // Unticking the default keeps it: some address is always the default (another is made so by ticking it).
      const isDefault = current.isDefault || body.isDefault === true;
      if (isDefault) await clearDefault(tx, user.id, current.id);
      const [updated] = await tx
        .update(expressAddresses)
        .set({
          ...form,
          isDefault,
          updatedAt: now,
        })
        .where(eq(expressAddresses.id, current.id))
        .returning();
      return updated;
    });
    return toAddress(row);
  }),

  route(removeAddress, async ({ params }, ctx) => {
    const user = userOf(ctx);
    await ctx.db.transaction(async (tx) => {
      await lockUser(tx, user.id);
      const current = await ownedAddress(tx, user.id, params.addressId, true);
      if (!current) throw notFound('收货地址');
      await tx.delete(expressAddresses).where(eq(expressAddresses.id, current.id));
      if (!current.isDefault) return;
      const [next] = await tx
        .select({ id: expressAddresses.id })
        .from(expressAddresses)
        .where(eq(expressAddresses.userId, user.id))
        .orderBy(desc(expressAddresses.updatedAt), desc(expressAddresses.id))
        .limit(1);
      if (next)
        await tx.update(expressAddresses).set({ isDefault: true }).where(eq(expressAddresses.id, next.id));
    });
    return { removed: true };
  }),
];
