import { api, isCancelled } from '@patient/api-client';
import { CONSENT_TITLES, getLegalDocument, giveConsent, type LegalDocument } from '@patient/contract';
import { useEffect, useId, useRef, useState } from 'react';
import '@patient/feature-kit/base.css';
import './consent.css';

/** The policy's section on sensitive personal information (the one whose heading names it), else every section. */
export function sensitiveSections(doc: LegalDocument): LegalDocument['sections'] {
  const own = doc.sections.filter((s) => s.heading.includes('敏感个人信息'));
  return own.length > 0 ? own : doc.sections;
}

interface SheetProps {
  hospitalId: string;
  /** Called once with true (agreed and recorded) or false (暂不同意). */
  onDone(agreed: boolean): void;
}

/**
 * The separate consent to sensitive personal information (个人信息保护法 §29), asked before the first call that
 * needs it: what is processed, why and for how long (the hospital's current 隐私政策, its section on sensitive
 * information, with its version), an unticked box, 暂不同意 and 同意 (disabled until ticked).
 */
export function SensitiveConsentSheet({ hospitalId, onDone }: SheetProps) {
  const [doc, setDoc] = useState<LegalDocument | null>(null);
  const [failed, setFailed] = useState(false);
  const [ticked, setTicked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    api
      .request(
        getLegalDocument,
        { params: { kind: 'POLICY' }, query: { hospitalId } },
        { silent: true, signal: controller.signal, keepOnRouteChange: true },
      )
      .then(setDoc, (error: unknown) => {
        if (!isCancelled(error)) setFailed(true);
      });
    return () => controller.abort();
  }, [hospitalId, attempt]);

  useEffect(() => heading.current?.focus(), []);

  const agree = async () => {
    if (!doc) return;
    setBusy(true);
    try {
      await api.request(
        giveConsent,
        { body: { hospitalId, kind: 'SENSITIVE', version: doc.version } },
        { keepOnRouteChange: true },
      );
      onDone(true);
    } catch {
      // The policy changed meanwhile (409, told by the toast): the new text is read and agreed to.
      setTicked(false);
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <aside className="cs-sheet" aria-label={CONSENT_TITLES.SENSITIVE}>
      <div className="cs-sheet__panel" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} ref={heading} tabIndex={-1} className="cs-sheet__title">
          {CONSENT_TITLES.SENSITIVE}授权
        </h2>
        {doc ? (
          <>
            <p className="cs-doc__meta">
              {doc.publisher} · 《{doc.title}》版本 {doc.version}
            </p>
            <div className="cs-sheet__text">
              {sensitiveSections(doc).map((s) => (
                <section key={s.heading} className="cs-doc__section">
                  <h3>{s.heading}</h3>
                  {s.paragraphs.map((p) => (
                    <p key={p}>{p}</p>
                  ))}
                </section>
              ))}
            </div>
            <label className="cs-agree__item">
              <input type="checkbox" checked={ticked} onChange={(e) => setTicked(e.target.checked)} />
              <span>我已阅读并同意处理上述敏感个人信息</span>
            </label>
          </>
        ) : failed ? (
          <p role="alert">授权说明加载失败，请检查网络后重试</p>
        ) : (
          <p className="cs-doc__meta">正在加载...</p>
        )}
        <div className="cs-sheet__actions">
          <button type="button" className="fk-button" disabled={busy} onClick={() => onDone(false)}>
            暂不同意
          </button>
          {failed && !doc ? (
            <button
              type="button"
              className="fk-button fk-button--primary"
              onClick={() => setAttempt((n) => n + 1)}
            >
              重试
            </button>
          ) : (
            <button
              type="button"
              className="fk-button fk-button--primary"
              disabled={!doc || !ticked || busy}
              onClick={agree}
            >
              同意
            </button>
          )}
        </div>
      </div>
    </aside>
  );
}
