import {
  CONSENT_DOCUMENT,
  type ConsentKind,
  type ConsentRecord,
  getLegalDocument,
  giveConsent,
  LEGAL_DOCUMENT_TITLES,
  type LegalDocumentKind,
  listConsents,
  listLegalDocuments,
  withdrawConsent,
} from '@patient/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { clearSessionCookies } from '../../platform/auth/session-cookie.ts';
import { endSessions } from '../../platform/auth/sessions.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { ownedRow } from '../../platform/database/owned.ts';
import { userOf } from '../../platform/http/context.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { requireHospital } from '../hospitals/index.ts';
import { consents, privacyDocuments } from './tables.ts';

type DocumentRow = typeof privacyDocuments.$inferSelect;

/** The hospital's current version of each document (the greatest version), by kind. */
async function currentDocuments(
  db: DbOrTx,
  hospitalId: string,
): Promise<Map<LegalDocumentKind, DocumentRow>> {
  const rows = await db
    .select()
    .from(privacyDocuments)
    .where(eq(privacyDocuments.hospitalId, hospitalId))
    .orderBy(desc(privacyDocuments.version));
  const current = new Map<LegalDocumentKind, DocumentRow>();
  for (const row of rows) {
    const kind = row.kind as LegalDocumentKind;
    if (!current.has(kind)) current.set(kind, row);
  }
  return current;
}

const toRecord = (
  r: typeof consents.$inferSelect,
  current: Map<LegalDocumentKind, DocumentRow>,
): ConsentRecord => {
  const kind = r.kind as ConsentKind;
  return {
    consentId: String(r.id),
    hospitalId: r.hospitalId,
    kind,
    version: r.version,
    current: current.get(CONSENT_DOCUMENT[kind])?.version === r.version,
    agreedAt: r.agreedAt.toISOString(),
    withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
  };
};

/** The version asked for must be the current one (else 409: read the new one first). */
function currentOf(
  current: Map<LegalDocumentKind, DocumentRow>,
  kind: LegalDocumentKind,
  version: string,
): DocumentRow {
  const document = current.get(kind);
  if (!document) throw notFound(LEGAL_DOCUMENT_TITLES[kind]);
  if (document.version !== version) {
    throw conflict(
      `${document.title}已更新为 ${document.version} 版，请阅读新版本后再同意`,
      `${document.title}已更新，请阅读最新版本后再同意`,
    );
  }
  return document;
}

/** Records a consent to the current version; agreeing again while that consent stands answers the standing one. */
async function agree(
  tx: DbOrTx,
  current: Map<LegalDocumentKind, DocumentRow>,
  userId: number,
  consent: { hospitalId: string; kind: ConsentKind; version: string },
  now: Date,
) {
  currentOf(current, CONSENT_DOCUMENT[consent.kind], consent.version);
  const [standing] = await tx
    .select()
    .from(consents)
    .where(
      and(
        eq(consents.userId, userId),
        eq(consents.hospitalId, consent.hospitalId),
        eq(consents.kind, consent.kind),
        eq(consents.version, consent.version),
        isNull(consents.withdrawnAt),
      ),
    )
    .limit(1)
    .for('update');
  if (standing) return standing;
  const [row] = await tx
    .insert(consents)
    .values({
      userId,
      hospitalId: consent.hospitalId,
      kind: consent.kind,
      version: consent.version,
      agreedAt: now,
    })
    .returning();
  return row;
}

/** What the login screen's box agrees to: the hospital's current 隐私政策 and 用户协议, by version. */
export interface LoginAgreement {
  hospitalId: string;
  policyVersion: string;
  agreementVersion: string;
}

/**
 * Before a login: the versions the patient read and ticked must be the hospital's current ones (404 for an
 * unknown hospital, 409 when a document changed meanwhile) — checked before the SMS code is used.
 */
export async function checkLoginAgreement(db: DbOrTx, agreement: LoginAgreement): Promise<void> {
  await requireHospital(db, agreement.hospitalId);
  const current = await currentDocuments(db, agreement.hospitalId);
  currentOf(current, 'POLICY', agreement.policyVersion);
  currentOf(current, 'AGREEMENT', agreement.agreementVersion);
}

/**
 * A parent's or guardian's consent on behalf of a contact under 14 (个人信息保护法 §31) names the hospital's
 * current 隐私政策 version: 404 for an unknown hospital, 409 when the policy changed since the form showed it.
 */
export async function checkGuardianConsent(
  db: DbOrTx,
  consent: { hospitalId: string; version: string },
): Promise<void> {
  await requireHospital(db, consent.hospitalId);
  currentOf(await currentDocuments(db, consent.hospitalId), 'POLICY', consent.version);
}

/** With the login, in its transaction: the account's consents to both documents (kept if already standing). */
export async function recordLoginAgreement(
  tx: DbOrTx,
  userId: number,
  agreement: LoginAgreement,
  now: Date,
): Promise<void> {
  const current = await currentDocuments(tx, agreement.hospitalId);
  const { hospitalId } = agreement;
  await agree(tx, current, userId, { hospitalId, kind: 'POLICY', version: agreement.policyVersion }, now);
  await agree(
    tx,
    current,
    userId,
    { hospitalId, kind: 'AGREEMENT', version: agreement.agreementVersion },
    now,
  );
}

/**
 * The calls of 隐私与授权. The documents are public (read before login); every consent belongs to its account:
 * another account's consent id is answered like an unknown one (404, `ownedRow`), and nothing changes.
 */
export const consentRoutes = () => [
  route(listLegalDocuments, async ({ query }, ctx) => {
    await requireHospital(ctx.db, query.hospitalId);
    const current = await currentDocuments(ctx.db, query.hospitalId);
    return (['POLICY', 'AGREEMENT'] as const).flatMap((kind) => {
      const row = current.get(kind);
      return row ? [{ kind, title: row.title, version: row.version }] : [];
    });
  }),

  route(getLegalDocument, async ({ params, query }, ctx) => {
    const hospital = await requireHospital(ctx.db, query.hospitalId);
    const row = (await currentDocuments(ctx.db, query.hospitalId)).get(params.kind);
    if (!row) throw notFound(LEGAL_DOCUMENT_TITLES[params.kind]);
    return {
      kind: params.kind,
      hospitalId: row.hospitalId,
      title: row.title,
      version: row.version,
      publisher: hospital.name,
      sections: row.sections,
    };
  }),

  route(giveConsent, async ({ body }, ctx) => {
    const user = userOf(ctx);
    await requireHospital(ctx.db, body.hospitalId);
    return ctx.db.transaction(async (tx) => {
      const current = await currentDocuments(tx, body.hospitalId);
      return toRecord(await agree(tx, current, user.id, body, ctx.clock.now()), current);
    });
  }),

  route(listConsents, async ({ query }, ctx) => {
    const user = userOf(ctx);
    await requireHospital(ctx.db, query.hospitalId);
    const rows = await ctx.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, user.id), eq(consents.hospitalId, query.hospitalId)))
      .orderBy(desc(consents.agreedAt), desc(consents.id));
    const current = await currentDocuments(ctx.db, query.hospitalId);
    return rows.map((r) => toRecord(r, current));
  }),

  route(withdrawConsent, async ({ body }, ctx) => {
    const user = userOf(ctx);
    const record = await ctx.db.transaction(async (tx) => {
      const row = await ownedRow(tx, consents, body.consentId, user.id, { missing: '授权记录', lock: true });
      if (row.withdrawnAt) throw conflict('该授权已撤回', '该授权已撤回，无需重复操作');
      const [withdrawn] = await tx
        .update(consents)
        .set({ withdrawnAt: ctx.clock.now() })
        .where(eq(consents.id, row.id))
        .returning();
      return toRecord(withdrawn, await currentDocuments(tx, row.hospitalId));
    });
    // The login agreed to both documents: without one of them the session ends (the next login asks again).
    if (record.kind !== 'SENSITIVE') {
      await endSessions(ctx.db, ctx.clock, ctx.tokens);
      clearSessionCookies(ctx.reply, ctx.production);
    }
    return record;
  }),
];
