import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { documentNumber, id, mobilePhone, personName } from './primitives.ts';

/**
 * Companion card (陪护证; 001 §2 'Companion card', §4, §7 'Companion card'): a relative or carer applies for a
 * card to stay with an inpatient; the ward reviews it; the effective card shows a QR code that rotates, which the
 * ward door scans; the companion cancels it (注销) when no longer needed, or withdraws the application (撤回)
 * while it waits. One card per companion per stay: a second application for the same person and stay is refused
 * while one is waiting or effective.
 *
 * Glossary of the spec's names: getChaperonageList = the account's contacts in hospital now (whom one may
 * accompany); addChaperonageInfo = apply; userChaperonageListForPage = my applications and cards, a page;
 * getChaperonageDO = one card; queryChaperonageStatus = its status only (polled while waiting);
 * cancelApplying = withdraw a waiting application; cancellationChaperonage = cancel an effective card;
 * qrCode = the card's current pass (a signed token for the QR code). cancelApplying and cancellationChaperonage
 * are GETs, as the spec lists them (`?cardId=`), although they change state: like the spec's other
 * state-changing GETs (updateDefaultContact, /phone/sms, /contact/phone) the service answers them only to the
 * apps' calls (the channel header, which no other site can make a browser send) and refuses a browser's
 * cross-site request (`Sec-Fetch-Site: cross-site`) with 403 before anything is read. Added: `declaration` (the hospital's
 * health questions and notice) and `verifyPass` (the ward door's check of a scanned code). changeSpecialUserIuid
 * (transferCompanionCard) hands the card to the companion's own account: see there.
 */

/** A companion is an adult (the hospitals' rule). */
export const COMPANION_MIN_AGE = 18;

/** Completed years on `today` (YYYY-MM-DD) of someone born on `birthDate` (YYYY-MM-DD). */
export function ageOn(birthDate: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

/** The statuses of a companion card; read them through companionStatusOf (an unknown one reads as expired). */
export const COMPANION_STATUSES = {
  APPLYING: { title: '审核中', tone: 'primary', hint: '病区正在审核您的申请，通过后陪护证即可使用' },
  EFFECTIVE: { title: '已生效', tone: 'success', hint: '进出病区时请出示陪护证二维码' },
  REJECTED: { title: '未通过', tone: 'danger', hint: '病区未通过您的申请' },
  WITHDRAWN: { title: '已撤回', tone: 'muted', hint: '申请已撤回' },
  CANCELLED: { title: '已注销', tone: 'muted', hint: '陪护证已注销，不能再进出病区' },
  EXPIRED: { title: '已失效', tone: 'muted', hint: '患者已出院，陪护证随之失效' },
} as const satisfies Record<string, { title: string; tone: string; hint: string }>;
export type CompanionStatus = keyof typeof COMPANION_STATUSES;
export const companionStatus = z.enum(
  Object.keys(COMPANION_STATUSES) as [CompanionStatus, ...CompanionStatus[]],
);

/** A status as the app shows it; an unknown status reads as expired (the card no longer opens doors). */
export function companionStatusOf(status: string): (typeof COMPANION_STATUSES)[CompanionStatus] & {
  status: CompanionStatus;
} {
  const known = status in COMPANION_STATUSES ? (status as CompanionStatus) : 'EXPIRED';
  return { status: known, ...COMPANION_STATUSES[known] };
}

/** The companion's relation to the patient. */
export const COMPANION_RELATIONS = {
  SPOUSE: '配偶',
  CHILD: '子女',
  PARENT: '父母',
  SIBLING: '兄弟姐妹',
  RELATIVE: '其他亲属',
  CARER: '护工',
  FRIEND: '朋友',
} as const;
export type CompanionRelation = keyof typeof COMPANION_RELATIONS;
export const companionRelation = z.enum(
  Object.keys(COMPANION_RELATIONS) as [CompanionRelation, ...CompanionRelation[]],
);

/** A contact of the account in hospital now, with the stay one would accompany them in. */
export const companionInpatient = z.object({
  /** The stay (the fees domain's inpatient record). */
  stayId: z.string(),
  contactId: z.string(),
  patientName: z.string(),
  /** 住院号 */
  admissionNo: z.string(),
  department: z.string(),
  ward: z.string(),
  bed: z.string(),
  admittedOn: z.string(),
});
export type CompanionInpatient = z.output<typeof companionInpatient>;

/** The hospital's health declaration: its questions (yes/no), each with the answer that allows accompanying. */
export const companionDeclaration = z.object({
  notice: z.array(z.string()),
  questions: z.array(z.object({ code: z.string(), text: z.string(), allowedAnswer: z.boolean() })),
  /** The promise the companion makes before sending. */
  promise: z.string(),
});
export type CompanionDeclaration = z.output<typeof companionDeclaration>;

export const companionCard = z.object({
  cardId: z.string(),
  hospitalId: z.string(),
  /** One of COMPANION_STATUSES (EXPIRED once the patient is discharged). */
  status: z.string(),
  patientName: z.string(),
  admissionNo: z.string(),
  department: z.string(),
  ward: z.string(),
  bed: z.string(),
  companion: z.object({
    name: z.string(),
    /** Masked (maskIdCard): 33010************ */
    idCard: z.string(),
    /** Masked: 138****8000 */
    phone: z.string(),
    relation: companionRelation,
  }),
  declaration: z.array(z.object({ code: z.string(), text: z.string(), answer: z.boolean() })),
  rejectReason: z.nullable(z.string()),
  createdAt: z.string(),
  reviewedAt: z.nullable(z.string()),
  withdrawnAt: z.nullable(z.string()),
  cancelledAt: z.nullable(z.string()),
  canWithdraw: z.boolean(),
  canCancel: z.boolean(),
});
export type CompanionCard = z.output<typeof companionCard>;

/** A card's pass: a signed token valid until `expiresAt`; ask again after `refreshInSeconds`. */
export const companionPass = z.object({
  cardId: z.string(),
  token: z.string(),
  expiresAt: z.string(),
  refreshInSeconds: z.int(),
});
export type CompanionPass = z.output<typeof companionPass>;

/** What the ward door learns from a scanned code. */
export const passCheck = z.object({
  valid: z.boolean(),
  /** OK, or why not: INVALID (not a code of this hospital), EXPIRED (an old code), or the card's status. */
  reason: z.enum(['OK', 'INVALID', 'EXPIRED', 'NOT_EFFECTIVE', 'CANCELLED', 'DISCHARGED']),
  message: z.string(),
  card: z.nullable(
    z.object({
      cardId: z.string(),
      companionName: z.string(),
      patientName: z.string(),
      ward: z.string(),
      bed: z.string(),
    }),
  ),
});
export type PassCheck = z.output<typeof passCheck>;

export const listCompanionInpatients = endpoint({
  id: 'listCompanionInpatients',
  method: 'GET',
  path: '/v1/chaperonage/getChaperonageList',
  summary: '陪护证：本账号就诊人中正在住院的患者（需已验证身份）',
  query: z.object({ hospitalId: id() }),
  results: z.array(companionInpatient),
});

export const getCompanionDeclaration = endpoint({
  id: 'getCompanionDeclaration',
  method: 'GET',
  path: '/v1/chaperonage/declaration',
  summary: '陪护证：医院配置的陪护须知和健康申报问题',
  query: z.object({ hospitalId: id() }),
  results: companionDeclaration,
});

export const applyCompanionCard = endpoint({
  id: 'applyCompanionCard',
  method: 'POST',
  path: '/v1/chaperonage/addChaperonageInfo',
  summary: '申请陪护证（待病区审核）；同一陪护人同一次住院只能有一张',
  body: z.object({
    hospitalId: id(),
    stayId: id(),
    companionName: personName(),
    companionIdCard: documentNumber(),
    companionPhone: mobilePhone(),
    relation: companionRelation,
    answers: z.array(z.object({ code: id(), answer: z.boolean() })).check(z.maxLength(30)),
    promised: z.boolean(),
  }),
  results: companionCard,
});

export const listCompanionCards = endpoint({
  id: 'listCompanionCards',
  method: 'POST',
  path: '/v1/chaperonage/userChaperonageListForPage',
  summary: '我的陪护证申请（最新在前，分页；可按状态筛选）',
  body: z.object({
    hospitalId: id(),
    statuses: z.optional(z.array(companionStatus).check(z.maxLength(6))),
    pageNum: z.int().check(z.gte(1), z.lte(1000)),
    pageSize: z.int().check(z.gte(1), z.lte(50)),
  }),
  results: z.object({ list: z.array(companionCard), total: z.int() }),
});

export const getCompanionCard = endpoint({
  id: 'getCompanionCard',
  method: 'GET',
  path: '/v1/chaperonage/getChaperonageDO',
  summary: '陪护证详情',
  query: z.object({ cardId: id() }),
  results: companionCard,
});

export const getCompanionCardStatus = endpoint({
  id: 'getCompanionCardStatus',
  method: 'GET',
  path: '/v1/chaperonage/queryChaperonageStatus',
  summary: '陪护证当前状态',
  query: z.object({ cardId: id() }),
  results: z.object({ cardId: z.string(), status: z.string() }),
});

export const withdrawCompanionApplication = endpoint({
  id: 'withdrawCompanionApplication',
  method: 'GET',
  path: '/v1/chaperonage/cancelApplying',
  summary: '撤回审核中的陪护证申请（规范为 GET：改变状态，仅限本应用带渠道头的同站请求）',
  query: z.object({ cardId: id() }),
  results: companionCard,
});

export const cancelCompanionCard = endpoint({
  id: 'cancelCompanionCard',
  method: 'GET',
  path: '/v1/chaperonage/cancellationChaperonage',
  summary: '注销已生效的陪护证（规范为 GET：改变状态，仅限本应用带渠道头的同站请求）',
  query: z.object({ cardId: id() }),
  results: companionCard,
});

export const getCompanionPass = endpoint({
  id: 'getCompanionPass',
  method: 'GET',
  path: '/v1/chaperonage/qrCode',
  summary: '陪护证二维码（短时有效的签名凭证，定时更换）',
  query: z.object({ cardId: id() }),
  results: companionPass,
});

export const verifyCompanionPass = endpoint({
  id: 'verifyCompanionPass',
  method: 'POST',
  path: '/v1/chaperonage/verifyPass',
  summary: '病区门禁核验陪护证二维码',
  auth: false,
  caller: 'server',
  body: z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) }),
  results: passCheck,
});

/**
 * changeSpecialUserIuid: the spec names it without its body. Our reading: the card's 'special user' is the
 * companion, and the call changes the user id (iuid) that holds the card — the account that applied (often the
 * patient's family) hands the card to the companion's own account, so a carer (护工) shows the QR code on their
 * own phone. The receiving account is not chosen freely: it is the account logged in with the companion phone
 * written on the card (no other person's account can be named, and the card's data goes nowhere else). Only the
 * card's owner may do it (another account's card: 404, nothing changes); only a waiting or effective card
 * (APPLYING, EFFECTIVE); if the companion has not logged in yet with that phone, 409 and nothing changes. After
 * it the card is the companion's (in their list, their QR code) and no longer the applicant's. Answers the card.
 */
export const transferCompanionCard = endpoint({
  id: 'transferCompanionCard',
  method: 'POST',
  path: '/v1/chaperonage/changeSpecialUserIuid',
  summary: '陪护证转交给陪护人本人的账号（按证上陪护人手机号登录的账号；仅限证的所有者）',
  body: z.object({ cardId: id() }),
  results: companionCard,
});
