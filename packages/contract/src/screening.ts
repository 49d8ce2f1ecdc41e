import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';
import { id, mobilePhone, personName } from './primitives.ts';

/**
 * Community health screening (001 §2 'Health screening (community)', 000 §2 /screeningList, 001 §7 'Health
 * screening'): a hospital's screening campaigns, one per street (街道), each open to the residents of its
 * communities (社区). A resident (one of the account's contacts) gives personal details, health information
 * (history, habits, measurements) and answers the campaign's risk questionnaire, once per campaign; the service
 * computes the risk level with its advice. Past screenings are found by ID number and name.
 *
 * Glossary of the spec's route parameters: `/streetList/:streetId` is a street (campaign) id;
 * `/personalInfoForm/:streetId/:streetName` and `/healthInfoForm/...` carry the chosen **community**'s id and
 * name (the spec reuses the street names for the community). `identityCard` is a mainland ID number.
 */

/** Lifestyle answers of the health information form. */
export const SMOKING = { NEVER: '从不吸烟', QUIT: '已戒烟', CURRENT: '目前吸烟' } as const;
export const DRINKING = {
  NEVER: '从不饮酒',
  SOMETIMES: '偶尔饮酒',
  OFTEN: '经常饮酒（每周3次以上）',
} as const;
export const EXERCISE = {
  NONE: '几乎不运动',
  SOMETIMES: '偶尔运动',
  REGULAR: '规律运动（每周3次、每次30分钟以上）',
} as const;
/** Chronic diseases asked about for oneself (history) and parents or siblings (family history). */
export const CHRONIC_DISEASES = {
  HYPERTENSION: '高血压',
  DIABETES: '糖尿病',
  CORONARY: '冠心病',
  STROKE: '脑卒中',
  DYSLIPIDEMIA: '血脂异常',
} as const;

export const smokingHabit = z.enum(['NEVER', 'QUIT', 'CURRENT']);
export const drinkingHabit = z.enum(['NEVER', 'SOMETIMES', 'OFTEN']);
export const exerciseHabit = z.enum(['NONE', 'SOMETIMES', 'REGULAR']);
export const chronicDisease = z.enum(['HYPERTENSION', 'DIABETES', 'CORONARY', 'STROKE', 'DYSLIPIDEMIA']);
export type ChronicDisease = z.output<typeof chronicDisease>;

/**
 * The measurements of the health information form: sensible ranges (what a person can have; outside them it is
 * a typing error) and the Chinese message shown beside the field. `optional` ones may be left empty.
 */
export const HEALTH_MEASURES = {
  heightCm: { label: '身高', unit: 'cm', min: 100, max: 230, decimals: 1, optional: false },
  weightKg: { label: '体重', unit: 'kg', min: 20, max: 250, decimals: 1, optional: false },
  waistCm: { label: '腰围', unit: 'cm', min: 40, max: 200, decimals: 1, optional: true },
  systolic: { label: '收缩压（高压）', unit: 'mmHg', min: 60, max: 260, decimals: 0, optional: false },
  diastolic: { label: '舒张压（低压）', unit: 'mmHg', min: 30, max: 160, decimals: 0, optional: false },
  fastingGlucose: { label: '空腹血糖', unit: 'mmol/L', min: 1, max: 33.3, decimals: 1, optional: true },
} as const;
export type HealthMeasure = keyof typeof HEALTH_MEASURES;

const measure = () => z.number();

export const healthInfo = z.object({
  heightCm: measure(),
  weightKg: measure(),
  waistCm: z.nullable(measure()),
  systolic: measure(),
  diastolic: measure(),
  fastingGlucose: z.nullable(measure()),
  smoking: smokingHabit,
  drinking: drinkingHabit,
  exercise: exerciseHabit,
  /** The person's own diagnosed diseases ([] for none). */
  history: z.array(chronicDisease).check(z.maxLength(5)),
  /** Diseases of parents or siblings ([] for none). */
  familyHistory: z.array(chronicDisease).check(z.maxLength(5)),
});
export type HealthInfo = z.output<typeof healthInfo>;

/**
 * What is wrong with one measurement ('' when it is fine): empty (when required), not a number, too many
 * decimals, or outside its range — the message the form shows beside the field and the service answers.
 */
export function healthMeasureProblem(field: HealthMeasure, value: number | null): string {
  const m = HEALTH_MEASURES[field];
  if (value === null) return m.optional ? '' : `请填写${m.label}`;
  if (!Number.isFinite(value)) return `${m.label}请填写数字`;
  const scaled = value * 10 ** m.decimals;
  if (Math.abs(scaled - Math.round(scaled)) > 1e-6) {
    return m.decimals === 0 ? `${m.label}请填写整数` : `${m.label}最多保留${m.decimals}位小数`;
  }
  if (value < m.min || value > m.max) return `${m.label}应在${m.min}至${m.max}${m.unit}之间，请核对`;
  return '';
}

/** Every problem of a health information form, by field (empty when it can be sent). */
export function healthInfoProblems(h: Partial<Record<HealthMeasure, number | null>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of Object.keys(HEALTH_MEASURES) as HealthMeasure[]) {
    const problem = healthMeasureProblem(field, h[field] ?? null);
    if (problem) out[field] = problem;
  }
  if (!out.systolic && !out.diastolic && h.systolic != null && h.diastolic != null) {
    if (h.diastolic >= h.systolic) out.diastolic = '舒张压应低于收缩压，请核对';
  }
  return out;
}

export const screeningCommunity = z.object({
  communityId: z.string(),
  name: z.string(),
});
export type ScreeningCommunity = z.output<typeof screeningCommunity>;

/** A street's screening campaign. */
export const screeningStreet = z.object({
  streetId: z.string(),
  /** The street (街道) or town. */
  name: z.string(),
  title: z.string(),
  /** Whom it is for and what it checks, as paragraphs. */
  intro: z.array(z.string()),
  /** Where the on-site part (blood pressure, blood sugar) takes place. */
  place: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** OPEN, or ENDED once endDate has passed (the questionnaire is closed). */
  status: z.enum(['OPEN', 'ENDED']),
  communities: z.array(screeningCommunity),
});
export type ScreeningStreet = z.output<typeof screeningStreet>;

export const screeningQuestion = z.object({
  questionId: z.string(),
  title: z.string(),
  /** SINGLE: one option; MULTIPLE: any number (an option `none` clears the others). */
  type: z.enum(['SINGLE', 'MULTIPLE']),
  required: z.boolean(),
  options: z.array(z.object({ value: z.string(), label: z.string(), none: z.boolean() })),
});
export type ScreeningQuestion = z.output<typeof screeningQuestion>;

/** A community's screening: where, and the campaign's risk questionnaire (the service's configuration). */
export const screeningForm = z.object({
  community: screeningCommunity,
  street: z.object({ streetId: z.string(), name: z.string(), title: z.string() }),
  status: z.enum(['OPEN', 'ENDED']),
  questions: z.array(screeningQuestion),
});
export type ScreeningForm = z.output<typeof screeningForm>;

export const riskLevel = z.enum(['LOW', 'MEDIUM', 'HIGH']);
export type RiskLevel = z.output<typeof riskLevel>;
export const RISK_LEVELS: Record<RiskLevel, string> = { LOW: '低风险', MEDIUM: '中风险', HIGH: '高风险' };

/** A submitted screening and its result. Name, ID number and phone come masked. */
export const screeningResult = z.object({
  screeningId: z.string(),
  streetName: z.string(),
  communityName: z.string(),
  title: z.string(),
  /** Masked (张*). */
  name: z.string(),
  /** Masked (11010*************). */
  identityCard: z.string(),
  /** Masked (*******8000). */
  phone: z.string(),
  submittedAt: z.string(),
  level: riskLevel,
  score: z.int(),
  bmi: z.number(),
  /** What raised the risk, one line each ('血压偏高（152/96 mmHg）'). */
  factors: z.array(z.string()),
  advice: z.array(z.string()),
});
export type ScreeningResult = z.output<typeof screeningResult>;

export const listScreeningStreets = endpoint({
  id: 'listScreeningStreets',
  method: 'GET',
  auth: false,
  path: '/v1/healthScreening/list',
  summary: '社区健康筛查活动（按街道）',
  query: z.object({ hospitalId: id() }),
  results: z.array(screeningStreet),
});

export const getScreeningStreet = endpoint({
  id: 'getScreeningStreet',
  method: 'GET',
  auth: false,
  path: '/v1/healthScreening/list/street',
  summary: '街道的筛查活动及其社区',
  query: z.object({ streetId: id() }),
  results: screeningStreet,
});

export const getScreeningForm = endpoint({
  id: 'getScreeningForm',
  method: 'GET',
  auth: false,
  path: '/v1/healthScreening/form',
  summary: '社区的筛查问卷（风险问题）',
  query: z.object({ communityId: id() }),
  results: screeningForm,
});

export const submitScreening = endpoint({
  id: 'submitScreening',
  method: 'POST',
  path: '/v1/healthScreening',
  summary: '提交健康筛查（每位居民每次活动一次），返回风险评估结果',
  body: z.object({
    communityId: id(),
    name: personName(),
    identityCard: z.string().check(z.trim(), z.minLength(1), z.maxLength(18)),
    phone: mobilePhone(),
    address: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
    health: healthInfo,
    answers: z.record(
      z.string().check(z.maxLength(32)),
      z.array(z.string().check(z.maxLength(32))).check(z.maxLength(20)),
    ),
  }),
  results: screeningResult,
});

export const getLastScreening = endpoint({
  id: 'getLastScreening',
  method: 'POST',
  path: '/v1/healthScreening/last',
  summary: '本账号最近一次提交的筛查结果（或指定的一次）',
  body: z.object({ screeningId: z.optional(id()) }),
  results: z.nullable(screeningResult),
});

export const listScreeningAnswers = endpoint({
  id: 'listScreeningAnswers',
  method: 'POST',
  path: '/v1/healthScreening/answer',
  summary: '按身份证号和姓名查询本账号就诊人的筛查记录',
  body: z.object({
    identityCard: z.string().check(z.trim(), z.minLength(1), z.maxLength(18)),
    name: personName(),
  }),
  results: z.array(screeningResult),
});
