import type { Contact } from '@patient/contract';
import { useParams } from 'react-router-dom';

/**
 * The card screens' routes (/cardsList, /addContactCard, /chooseContactHisCard, /cardDetail), built and parsed
 * here only. Built with encodeURIComponent per segment. react-router decodes each path segment once; a
 * parameter that still holds '%' was encoded twice (decoded here) or is malformed (refused). Every value is
 * checked before it is used, so a bad link shows a message and sends nothing.
 */

const ID = /^[A-Za-z0-9_-]{1,64}$/;
// Printable text without separators or markup: document numbers and names never contain these.
const FORBIDDEN = /[%/\\<>\p{Cc}]/u;

/** Decodes what react-router left encoded; null when the value is missing or malformed. */
export function decodeRouteParam(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  let value = raw;
  if (value.includes('%')) {
    try {
      value = decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  value = value.trim();
  return value === '' || FORBIDDEN.test(value) ? null : value;
}

type Rule = 'id' | 'documentNumber' | 'name' | 'text';

const RULES: Record<Rule, (value: string) => boolean> = {
  id: (v) => ID.test(v),
  documentNumber: (v) => Array.from(v).length <= 32,
  name: (v) => Array.from(v).length <= 30,
  text: (v) => Array.from(v).length <= 64,
};

/** Chinese names of the parameters, for the message. */
const LABELS: Record<string, string> = {
  contactId: '就诊人',
  hospitalId: '医院',
  identityCard: '证件号码',
  patientName: '姓名',
  cardId: '就诊卡',
  type: '卡类型',
};

export type ParamSpec<K extends string> = Record<K, Rule>;

export type ParsedParams<K extends string> =
  | { ok: true; values: Record<K, string> }
  | { ok: false; message: string };

/** Decodes and checks `raw` against `spec`; the first bad parameter gives the message. */
export function parseRouteParams<K extends string>(
  raw: Readonly<Record<string, string | undefined>>,
  spec: ParamSpec<K>,
): ParsedParams<K> {
  const values = {} as Record<K, string>;
  for (const key of Object.keys(spec) as K[]) {
    const value = decodeRouteParam(raw[key]);
    if (value === null || !RULES[spec[key]](value)) {
      return { ok: false, message: `页面链接中的${LABELS[key] ?? '参数'}有误，请返回后重新进入` };
    }
    values[key] = value;
  }
  return { ok: true, values };
}

/** The current route's parameters, decoded and checked against `spec`. */
export function useRouteParams<K extends string>(spec: ParamSpec<K>): ParsedParams<K> {
  return parseRouteParams(useParams(), spec);
}

/** The person and hospital every card screen of a contact is about. */
export interface CardScope {
  contactId: string;
  hospitalId: string;
  identityCard: string;
  patientName: string;
}

export const CARD_SCOPE: ParamSpec<keyof CardScope> = {
  contactId: 'id',
  hospitalId: 'id',
  identityCard: 'documentNumber',
  patientName: 'name',
};

/** The scope of one of the account's contacts at `hospitalId`: its id, document number and name. */
export function contactCardScope(contact: Contact, hospitalId: string): CardScope {
  const { documentNumber, name } = contact.contactDO;
  return { contactId: contact.contactId, hospitalId, identityCard: documentNumber, patientName: name };
}

const scopeSegments = (s: CardScope) =>
  [s.contactId, s.hospitalId, s.identityCard, s.patientName].map(encodeURIComponent).join('/');

/** /cardsList/:contactId/:hospitalId/:identityCard/:patientName */
export const cardsListPath = (scope: CardScope) => `/cardsList/${scopeSegments(scope)}`;

/** /addContactCard/:contactId/:hospitalId/:identityCard/:patientName */
export const addCardPath = (scope: CardScope) => `/addContactCard/${scopeSegments(scope)}`;

/** /chooseContactHisCard/:type/… with type 'all' or a card type. */
export const chooseHisCardPath = (type: string, scope: CardScope) =>
  `/chooseContactHisCard/${encodeURIComponent(type)}/${scopeSegments(scope)}`;

/** /cardDetail/:cardId */
export const cardDetailPath = (cardId: string) => `/cardDetail/${encodeURIComponent(cardId)}`;
