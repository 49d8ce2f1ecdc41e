import { UPLOAD_LIMITS } from '@patient/validation';
import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { id, mobilePhone } from './primitives.ts';

/**
 * Feedback and follow-up (000 §2 'Feedback', §7 the feedback calls): complaints and suggestions with the
 * hospital's reply, and the follow-up tasks the hospital gives a patient after a visit or a stay — satisfaction
 * surveys, bedside scales (scanScale), discharge follow-up missions, health education to read (study), and
 * return-visit reminders. `inhospitalId` is the visit or stay the task belongs to. Each questionnaire is
 * answered once.
 */

export const FEEDBACK_KINDS = { COMPLAINT: '投诉', SUGGESTION: '建议', PRAISE: '表扬' } as const;
export const feedbackKind = z.enum(['COMPLAINT', 'SUGGESTION', 'PRAISE']);
export const FEEDBACK_CATEGORIES = [
  '服务态度',
  '就医流程',
  '医疗质量',
  '环境设施',
  '收费问题',
  '其他',
] as const;
export const feedbackCategory = z.enum(FEEDBACK_CATEGORIES);
/** Most characters of a feedback's text (all its paragraphs), and fewest. */
export const FEEDBACK_MAX_CHARS = 500;
export const FEEDBACK_MIN_CHARS = 10;

/** A paragraph of typed text (inputs carry no line breaks: a text is sent as its paragraphs). */
const paragraph = () => z.string().check(z.maxLength(FEEDBACK_MAX_CHARS));

export const feedbackItem = z.object({
  feedBackId: z.string(),
  hospitalId: z.string(),
  kind: feedbackKind,
  category: feedbackCategory,
  content: z.array(z.string()),
  /** Masked when shown. */
  phone: z.string(),
  /** The photos sent with it (uploaded files, readable by the owner only: fileContentPath). */
  photos: z.array(z.string()),
  createdAt: z.string(),
  status: z.enum(['SUBMITTED', 'REPLIED']),
  reply: z.nullable(z.object({ text: z.array(z.string()), repliedAt: z.string(), by: z.string() })),
});
export type FeedbackItem = z.output<typeof feedbackItem>;

export const submitFeedback = endpoint({
  id: 'submitFeedback',
  method: 'POST',
  path: '/v1/feed_back',
  summary: '提交投诉与建议',
  body: z.object({
    hospitalId: id(),
    kind: feedbackKind,
    category: feedbackCategory,
    content: z.array(paragraph()).check(z.minLength(1), z.maxLength(20)),
    phone: mobilePhone(),
    /** Uploaded photos (uploadFile), at most the hospital's `maxPhotos`; the account's own only. */
    photos: z.optional(z.array(id()).check(z.maxLength(UPLOAD_LIMITS.maxFiles))),
  }),
  results: feedbackItem,
});

/** What the hospital takes with a feedback: how many photos (0: none). */
export const getFeedbackConfig = endpoint({
  id: 'getFeedbackConfig',
  method: 'GET',
  path: '/v1/feed_back/config',
  summary: '投诉与建议的设置（可上传的图片数）',
  auth: false,
  query: z.object({ hospitalId: id() }),
  results: z.object({ maxPhotos: z.int() }),
});

export const listFeedbacks = endpoint({
  id: 'listFeedbacks',
  method: 'GET',
  path: '/v1/feed_back',
  summary: '我的投诉与建议',
  query: z.object({ hospitalId: id() }),
  results: z.array(feedbackItem),
});

export const getFeedback = endpoint({
  id: 'getFeedback',
  method: 'GET',
  path: '/v1/feed_back/feed_back_id/:feedBackId',
  summary: '投诉与建议详情（含医院回复）',
  params: z.object({ feedBackId: id() }),
  results: feedbackItem,
});

export const followUpKind = z.enum(['SATISFACTION', 'SCALE', 'MISSION', 'STUDY', 'RETURN_VISIT']);
export type FollowUpKind = z.output<typeof followUpKind>;

export const question = z.object({
  questionId: z.string(),
  title: z.string(),
  /** SINGLE: one option; MULTIPLE: any; TEXT: typed (optional unless required). */
  type: z.enum(['SINGLE', 'MULTIPLE', 'TEXT']),
  required: z.boolean(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type Question = z.output<typeof question>;

export const followUpTask = z.object({
  taskId: z.string(),
  inhospitalId: z.string(),
  kind: followUpKind,
  title: z.string(),
  /** Whose visit or stay (masked when shown) and where. */
  patientName: z.string(),
  department: z.string(),
  intro: z.array(z.string()),
  /** SATISFACTION, SCALE, MISSION: the questions. */
  questions: z.array(question),
  /** STUDY: the article to read. */
  article: z.nullable(z.array(z.string())),
  /** RETURN_VISIT: when and where to come back. */
  returnVisit: z.nullable(
    z.object({ date: z.string(), department: z.string(), doctor: z.string(), notes: z.array(z.string()) }),
  ),
  status: z.enum(['PENDING', 'DONE']),
  doneAt: z.nullable(z.string()),
  /** The answers given (questionId → chosen values or typed text), once done. */
  answers: z.nullable(z.record(z.string(), z.array(z.string()))),
  /** SCALE: the score of the answers and what it means, once done. */
  result: z.nullable(z.object({ score: z.int(), level: z.string(), advice: z.string() })),
});
export type FollowUpTask = z.output<typeof followUpTask>;

const taskParams = z.object({ inhospitalId: id(), taskId: id() });

export const getSatisfactionTask = endpoint({
  id: 'getSatisfactionTask',
  method: 'GET',
  path: '/v1/satisfy/desc/:inhospitalId/:taskId',
  summary: '满意度调查问卷',
  params: taskParams,
  results: followUpTask,
});

export const getFollowUpTask = endpoint({
  id: 'getFollowUpTask',
  method: 'GET',
  path: '/v1/patient/desc/:inhospitalId/:taskId',
  summary: '随访任务（出院随访、健康宣教、复诊提醒）',
  params: taskParams,
  results: followUpTask,
});

export const getScaleTask = endpoint({
  id: 'getScaleTask',
  method: 'GET',
  path: '/v1/scale/desc/:inhospitalId/:scaleId',
  summary: '床旁扫码量表',
  params: z.object({ inhospitalId: id(), scaleId: id() }),
  results: followUpTask,
});

export const saveFollowUpTask = endpoint({
  id: 'saveFollowUpTask',
  method: 'POST',
  path: '/v1/patient/save',
  summary: '提交问卷答案、确认已阅读或已知晓（每项一次）',
  body: z.object({
    inhospitalId: id(),
    taskId: id(),
    answers: z.record(
      z.string().check(z.maxLength(32)),
      z.array(z.string().check(z.maxLength(FEEDBACK_MAX_CHARS))).check(z.maxLength(20)),
    ),
  }),
  results: followUpTask,
});

/**
 * A pushed follow-up item (001 §7 'Questionnaire push'): the follow-up platform registers the patient
 * (userRegister) and asks for a disposable login code (getDisposableLoginCode) that goes into the push link
 * `/feedback/studyPushDetail/:iuid?code=…`. The code logs the patient in once, within its short life; the link
 * then shows the task it was pushed for.
 */
export const pushedTask = z.object({
  iuid: z.string(),
  inhospitalId: z.string(),
  taskId: z.string(),
  kind: followUpKind,
  title: z.string(),
});
export type PushedTask = z.output<typeof pushedTask>;

/** A disposable login code: 32 base64url characters. */
export const disposableCode = () => z.string().check(z.regex(/^[A-Za-z0-9_-]{32}$/));

export const loginWithPushCode = endpoint({
  id: 'loginWithPushCode',
  method: 'POST',
  path: '/v1/feedback/push/login',
  summary: '推送链接的一次性登录码登录（一次有效，过期作废）',
  auth: false,
  body: z.object({ iuid: id(), code: disposableCode() }),
  results: z.object({ userId: z.string(), phone: z.string(), task: pushedTask }),
});

export const getPushedTask = endpoint({
  id: 'getPushedTask',
  method: 'GET',
  path: '/v1/feedback/push/:iuid',
  summary: '推送的随访任务',
  params: z.object({ iuid: id() }),
  results: pushedTask,
});

/**
 * The follow-up platform's server calls (001 §7 'Questionnaire push'), server to server: no session (a patient's
 * session is refused), signed instead. `timestamp` is the caller's clock in milliseconds (±5 minutes of the
 * service's); `signature` is hex HMAC-SHA256, keyed with the platform key the hospital issues, over
 * `call|timestamp|field|field…` in the order of the body (see each call).
 */
const platformSignature = () => z.string().check(z.regex(/^[0-9a-f]{64}$/, '签名格式不正确'));
const platformTimestamp = () => z.string().check(z.regex(/^\d{13}$/, '时间戳应为 13 位毫秒数'));

/** userRegister: signed over `userRegister|timestamp|hospitalId|phone`. */
export const followUpUserRegister = endpoint({
  id: 'followUpUserRegister',
  method: 'POST',
  path: '/v1/followUp/userRegister',
  summary: '随访平台登记患者账号（服务器间调用，签名校验；按手机号注册或关联已有账号）',
  auth: false,
  caller: 'server',
  body: z.object({
    hospitalId: id(),
    phone: mobilePhone(),
    timestamp: platformTimestamp(),
    signature: platformSignature(),
  }),
  results: z.object({ userId: z.string(), registered: z.boolean() }),
});

/** getDisposableLoginCode: signed over `getDisposableLoginCode|timestamp|hospitalId|userId|taskId`. */
export const followUpDisposableLoginCode = endpoint({
  id: 'followUpDisposableLoginCode',
  method: 'POST',
  path: '/v1/followUp/getDisposableLoginCode',
  summary: '随访平台为患者的随访任务获取一次性登录码（服务器间调用，签名校验；一次有效，30 分钟过期）',
  auth: false,
  caller: 'server',
  body: z.object({
    hospitalId: id(),
    userId: id(),
    taskId: id(),
    timestamp: platformTimestamp(),
    signature: platformSignature(),
  }),
  results: z.object({ iuid: z.string(), code: z.string(), link: z.string(), expiresAt: z.string() }),
});
