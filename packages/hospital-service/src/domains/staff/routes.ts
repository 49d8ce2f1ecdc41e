import {
  type BedWard,
  getStaffSession,
  getStaffSignIn,
  type StaffProfile,
  staffSignIn,
  staffSignOut,
} from '@patient/contract';
import { and, eq } from 'drizzle-orm';
import { ApiError, businessError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { requireHospital } from '../hospitals/index.ts';
import { type CorpDirectory, CorpDirectoryError } from './corp-directory.ts';
import { createStaffSession, endStaffSession, requireStaff, type StaffRow } from './sessions.ts';
import { staffMembers } from './tables.ts';

/** What a ward code stands for (given by the domain that owns the wards: beds). */
export type WardsOf = (hospitalId: string, codes: string[]) => BedWard[];

export const toStaffProfile = (row: StaffRow, wardsOf: WardsOf): StaffProfile => ({
  staffId: String(row.id),
  hospitalId: row.hospitalId,
  name: row.name,
  title: row.title,
  wards: wardsOf(row.hospitalId, row.wards),
});

const noSignIn = () => businessError(503, '工作人员登录暂未开放', '医院尚未配置企业微信，请联系信息科');

/** Staff sign-in through the corporate-messaging platform, the session, sign-out. */
export function staffRoutes(directory: CorpDirectory | null, wardsOf: WardsOf) {
  return [
    route(getStaffSignIn, async ({ query }, ctx) => {
      await requireHospital(ctx.db, query.hospitalId);
      if (!directory) throw noSignIn();
      const origin = `${ctx.request.protocol}://${ctx.request.host}`;
      const redirectUri = directory.kind === 'simulated' ? query.redirect : `${origin}${query.redirect}`;
      return {
        url: directory.authorizeUrl({ hospitalId: query.hospitalId, redirectUri, state: query.state }),
        simulated: directory.kind === 'simulated',
      };
    }),

    route(staffSignIn, async ({ body }, ctx) => {
      await requireHospital(ctx.db, body.hospitalId);
      if (!directory) throw noSignIn();
      let userId: string | null;
      try {
        userId = await directory.userIdOf(body.code);
      } catch (error) {
        if (!(error instanceof CorpDirectoryError)) throw error;
        ctx.log.warn({ err: error.message }, '企业微信换取成员身份失败');
        throw new ApiError(502, {
          state: 502,
          msg: '企业微信暂时无法登录',
          subMsg: '企业微信暂时无法确认您的身份，请稍后重试',
          subCode: null,
          results: null,
        });
      }
      if (!userId) throw businessError(400, '授权已失效', '企业微信授权已失效，请重新登录');
      const [staff] = await ctx.db
        .select()
        .from(staffMembers)
        .where(
          and(
            eq(staffMembers.hospitalId, body.hospitalId),
            eq(staffMembers.corpUserId, userId),
            eq(staffMembers.status, 'active'),
          ),
        )
        .limit(1);
      if (!staff) throw businessError(403, '无权访问', '您不是本院床位预约的工作人员，请联系护理部开通');
      await createStaffSession(ctx, staff.id);
      return toStaffProfile(staff, wardsOf);
    }),

    route(getStaffSession, async (_input, ctx) => toStaffProfile(await requireStaff(ctx), wardsOf)),

    route(staffSignOut, async (_input, ctx) => {
      await endStaffSession(ctx);
      return true;
    }),
  ];
}
