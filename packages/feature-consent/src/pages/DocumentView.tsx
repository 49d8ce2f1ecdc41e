import { api, isCancelled } from '@patient/api-client';
import { useAppState } from '@patient/app-state';
import {
  CONSENT_DOCUMENT,
  type ConsentKind,
  getLegalDocument,
  giveConsent,
  LEGAL_DOCUMENT_TITLES,
  type LegalDocument,
  type LegalDocumentKind,
  listConsents,
} from '@patient/contract';
import { BadLink, LoadError, useHospitalId, useRemote } from '@patient/feature-kit';
import { Spinner, toast } from '@patient/ui-kit';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CONSENT_LABELS, dateTime } from '../format.ts';
import { PATHS } from '../paths.ts';
import '@patient/feature-kit/base.css';
import '../consent.css';

/** What one can agree to under each document: the policy carries the separate sensitive-information consent. */
const AGREEABLE: Record<LegalDocumentKind, ConsentKind[]> = {
  POLICY: ['POLICY', 'SENSITIVE'],
  AGREEMENT: ['AGREEMENT'],
};

/**
 * One document (隐私政策 or 用户协议) of the hospital, its current version as the service has it: readable by
 * anyone. A logged-in account also sees what it has agreed to of this version, and may agree to the rest:
 * every box starts unticked.
 */
export function DocumentView({ kind }: { kind: LegalDocumentKind }) {
  const hospitalId = useHospitalId();
  const doc = useRemote(
    hospitalId
      ? (signal) => api.request(getLegalDocument, { params: { kind }, query: { hospitalId } }, { signal })
      : null,
    `${hospitalId}:${kind}`,
  );
  if (!hospitalId) {
    return <BadLink page message="未选择医院" to="/homepage" back="返回首页" />;
  }
  if (!doc.data) {
    return (
      <div className="fk-page">
        {doc.status === 'error' ? (
          <LoadError error={doc.error} text={`${LEGAL_DOCUMENT_TITLES[kind]}加载失败`} onRetry={doc.reload} />
        ) : (
          <Spinner text="正在加载..." />
        )}
      </div>
    );
  }
  const d = doc.data;
  return (
    <div className="fk-page">
      <p className="cs-doc__meta">
        {d.publisher} · 版本 {d.version}
      </p>
      <article className="fk-card" aria-label={d.title}>
        {d.sections.map((s) => (
          <section key={s.heading} className="cs-doc__section">
            <h2>{s.heading}</h2>
            {s.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </section>
        ))}
      </article>
      <AgreeBox document={d} hospitalId={hospitalId} />
    </div>
  );
}

/** The logged-in account's consents to this version, and unticked boxes for what it has not agreed to. */
function AgreeBox({ document: d, hospitalId }: { document: LegalDocument; hospitalId: string }) {
  const loggedIn = useAppState((s) => s.auth !== null);
  const mine = useRemote(
    loggedIn ? (signal) => api.request(listConsents, { query: { hospitalId } }, { signal }) : null,
    `${hospitalId}:${loggedIn}`,
  );
  const [ticked, setTicked] = useState<ConsentKind[]>([]);
  const [busy, setBusy] = useState(false);
  if (!loggedIn || !mine.data) return null;
  const standing = (kind: ConsentKind) =>
    mine.data?.find(
      (c) =>
        c.kind === kind &&
        c.version === d.version &&
        c.withdrawnAt === null &&
        CONSENT_DOCUMENT[kind] === d.kind,
    );
  const kinds = AGREEABLE[d.kind];
  const open = kinds.filter((k) => !standing(k));

  const submit = async () => {
    setBusy(true);
    try {
      for (const kind of ticked) {
        await api.request(giveConsent, { body: { hospitalId, kind, version: d.version } });
      }
      setTicked([]);
      void toast('已记录您的同意');
    } catch (error) {
      if (isCancelled(error)) return;
    } finally {
      setBusy(false);
      mine.reload();
    }
  };

  return (
    <section className="fk-card" aria-label="我的同意">
      {kinds
        .filter((k) => standing(k))
        .map((k) => (
          <p key={k} className="cs-consent__line">
            您已于 {dateTime(standing(k)!.agreedAt)} 同意{CONSENT_LABELS[k]}（版本 {d.version}）
          </p>
        ))}
      {open.map((k) => (
        <label key={k} className="cs-agree__item">
          <input
            type="checkbox"
            checked={ticked.includes(k)}
            onChange={(e) => setTicked((t) => (e.target.checked ? [...t, k] : t.filter((x) => x !== k)))}
          />
          <span>我已阅读并同意{CONSENT_LABELS[k]}</span>
        </label>
      ))}
      {open.length > 0 && (
        <button
          type="button"
          className="fk-button fk-button--primary fk-button--block"
          disabled={busy || ticked.length === 0}
          onClick={submit}
        >
          同意
        </button>
      )}
      <p className="cs-links">
        <Link className="fk-link" to={PATHS.CONSENTS}>
          查看或撤回我的授权
        </Link>
      </p>
    </section>
  );
}
