/** Scrubbing of personal data from log lines (the masking of answers is @patient/validation's maskPhone). */

/** Patterns that look like a mobile phone or an ID number, for scrubbing free text (URLs, error messages). */
const PHONE_LIKE = /(?<!\d)(1[3-9]\d{9}|09\d{8})(?!\d)/g;
const ID_LIKE = /(?<![0-9A-Za-z])(\d{17}[\dXx]|\d{15})(?![0-9A-Za-z])/g;

export function scrubText(text: string): string {
  return text.replace(ID_LIKE, '[ID]').replace(PHONE_LIKE, '[PHONE]');
}

/** Query keys whose values never reach a log. */
const SENSITIVE_QUERY_KEYS = new Set([
  'phone',
  'idcard',
  'identitycard',
  'number',
  'code',
  'sessionkey',
  'name',
  'patientname',
  // The exam report's download name (getExamReportPdfFile: `<examNo>.pdf`).
  'filename',
]);
/** Path segments followed by a sensitive value (/identity_card/<id>/name/<name>). */
const SENSITIVE_PATH_MARKERS = new Set(['identity_card', 'name']);

/** Paths whose two segments after the marker are an exam number and a person's name. */
const EXAM_BY_NAME = /(\/medical-examination\/report\/)(?!list(?:\/|$))[^/]+\/[^/]+/;

/** The spec's exam report pages path: /v1/report/:examNo/getExamReportPdf (the number is the exam's key). */
const EXAM_PAGES = /(\/v1\/report\/)[^/]+(\/getExamReportPdf)$/;

/** An invoice view token in the address (openInvoiceByToken: it opens the invoice while it lives). */
const INVOICE_TOKEN = /(\/v1\/invoice\/view\/)[^/]+/;

/** The request URL with personal data replaced, for the access log. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q + 1);
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i++) {
    if (SENSITIVE_PATH_MARKERS.has(segments[i - 1])) segments[i] = '[REDACTED]';
  }
  // A physical-exam report by number and name (001 §7: /medical-examination/report/:examNo/:name).
  const joined = segments
    .join('/')
    .replace(EXAM_BY_NAME, '$1[REDACTED]/[REDACTED]')
    .replace(EXAM_PAGES, '$1[REDACTED]$2')
    .replace(INVOICE_TOKEN, '$1[REDACTED]');
  let redacted = scrubText(joined);
  if (query) {
    const parts = query.split('&').map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq === -1 ? pair : pair.slice(0, eq);
      let decodedKey = key;
      try {
        decodedKey = decodeURIComponent(key);
      } catch {
        // keep the raw key
      }
      if (SENSITIVE_QUERY_KEYS.has(decodedKey.toLowerCase())) return `${key}=[REDACTED]`;
      return scrubText(pair);
    });
    redacted += `?${parts.join('&')}`;
  }
  return redacted;
}
