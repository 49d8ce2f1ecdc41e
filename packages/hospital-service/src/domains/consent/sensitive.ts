import { SUB_CODE } from '@patient/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { requireHospital } from '../hospitals/index.ts';
import { consents, privacyDocuments } from './tables.ts';

/**
 * The refusal of a `sensitive` call without a standing SENSITIVE consent: state 403, subCode
 * SENSITIVE_CONSENT_REQUIRED (`results.hospitalId`: whose policy to agree to, when the call names one).
 */
export const sensitiveConsentRequired = (hospitalId: string | null): ApiError =>
  new ApiError(200, {
    state: 403,
    msg: '请先同意处理敏感个人信息',
    subMsg:
      '身份证号、证件照片和检查检验报告、病历等医疗健康信息属于敏感个人信息，需要您单独同意后才能使用此功能',
    subCode: SUB_CODE.SENSITIVE_CONSENT_REQUIRED,
    results: { hospitalId },
  });

/**
 * Whether the account has a SENSITIVE consent, not withdrawn, to the current 隐私政策 version of `hospitalId`
 * (null: of any hospital — the call names none, e.g. adding a contact or uploading a photo).
 */
export async function hasSensitiveConsent(
  db: DbOrTx,
  userId: number,
  hospitalId: string | null,
): Promise<boolean> {
  const currentPolicy = sql`(select max(${privacyDocuments.version}) from ${privacyDocuments}
    where ${privacyDocuments.hospitalId} = ${consents.hospitalId} and ${privacyDocuments.kind} = 'POLICY')`;
  const [row] = await db
    .select({ id: consents.id })
    .from(consents)
    .where(
      and(
        eq(consents.userId, userId),
        eq(consents.kind, 'SENSITIVE'),
        isNull(consents.withdrawnAt),
        hospitalId === null ? undefined : eq(consents.hospitalId, hospitalId),
        eq(consents.version, currentPolicy),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The gate of every `sensitive` endpoint (AppDeps.sensitiveGate): throws {@link sensitiveConsentRequired}
 * (an unknown hospital: 404 as the call itself would answer, there is nothing to consent to).
 */
export async function requireSensitiveConsent(
  db: DbOrTx,
  userId: number,
  hospitalId: string | null,
): Promise<void> {
  if (await hasSensitiveConsent(db, userId, hospitalId)) return;
  if (hospitalId !== null) await requireHospital(db, hospitalId);
  throw sensitiveConsentRequired(hospitalId);
}
