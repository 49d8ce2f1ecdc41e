import type { Question } from '@patient/contract';

/** The hospital's questionnaires, scales and articles (the same in every hospital). */

const RATING = [
  { value: '5', label: '非常满意' },
  { value: '4', label: '满意' },
  { value: '3', label: '一般' },
  { value: '2', label: '不满意' },
  { value: '1', label: '非常不满意' },
];
const rating = (questionId: string, title: string): Question => ({
  questionId,
  title,
  type: 'SINGLE',
  required: true,
  options: RATING,
});

export interface Template {
  title: string;
  intro: string[];
  questions: Question[];
  article?: string[];
  /** Scales: the level and advice of a score (the first whose `min` it reaches, highest first). */
  levels?: { min: number; level: string; advice: string }[];
}

const FREQUENCY = [
  { value: '0', label: '完全不会' },
  { value: '1', label: '好几天' },
  { value: '2', label: '一半以上的天数' },
  { value: '3', label: '几乎每天' },
];

export const TEMPLATES: Record<string, Template> = {
  INPATIENT_SATISFACTION: {
    title: '住院患者满意度调查',
    intro: ['感谢您在住院期间对我院的信任。请根据您的真实感受作答，约需1分钟，您的意见将帮助我们改进服务。'],
    questions: [
      rating('q1', '您对医生的诊疗服务是否满意？'),
      rating('q2', '您对护士的护理服务是否满意？'),
      rating('q3', '您对病房环境与卫生是否满意？'),
      rating('q4', '您对住院费用说明是否满意？'),
      rating('q5', '您对本次住院的总体评价'),
      {
        questionId: 'q6',
        title: '您还有哪些意见或建议？（选填）',
        type: 'TEXT',
        required: false,
        options: [],
      },
    ],
  },
  PHQ2: {
    title: '情绪状况自评（PHQ-2）',
    intro: ['请根据过去两周的情况作答。量表结果仅供医护人员参考，不作为诊断。'],
    questions: [
      {
        questionId: 'q1',
        title: '做事时提不起劲或没有兴趣',
        type: 'SINGLE',
        required: true,
        options: FREQUENCY,
      },
      {
        questionId: 'q2',
        title: '感到心情低落、沮丧或绝望',
        type: 'SINGLE',
        required: true,
        options: FREQUENCY,
      },
    ],
    levels: [
      {
        min: 3,
        level: '建议进一步评估',
        advice: '您的得分提示可能存在情绪困扰，责任护士会联系您，必要时请医生进一步评估。',
      },
      { min: 0, level: '未见明显异常', advice: '您目前的情绪状况良好，如有不适请随时告诉医护人员。' },
    ],
  },
  DISCHARGE_FOLLOW_UP: {
    title: '出院随访',
    intro: ['您出院已有一段时间，请告诉我们您的恢复情况，如有需要医生将与您联系。'],
    questions: [
      {
        questionId: 'q1',
        title: '与出院时相比，您目前的身体状况',
        type: 'SINGLE',
        required: true,
        options: [
          { value: 'better', label: '明显好转' },
          { value: 'slightly', label: '有所好转' },
          { value: 'same', label: '无变化' },
          { value: 'worse', label: '加重' },
        ],
      },
      {
        questionId: 'q2',
        title: '您是否按医嘱服药？',
        type: 'SINGLE',
        required: true,
        options: [
          { value: 'yes', label: '按时服药' },
          { value: 'sometimes', label: '偶尔漏服' },
          { value: 'no', label: '已停药' },
        ],
      },
      {
        questionId: 'q3',
        title: '出院后是否出现以下不适？（可多选）',
        type: 'MULTIPLE',
        required: true,
        options: [
          { value: 'fever', label: '发热' },
          { value: 'pain', label: '疼痛加重' },
          { value: 'wound', label: '伤口红肿或渗液' },
          { value: 'appetite', label: '食欲差' },
          { value: 'none', label: '无不适' },
        ],
      },
      {
        questionId: 'q4',
        title: '是否需要医生与您电话联系？',
        type: 'SINGLE',
        required: true,
        options: [
          { value: 'yes', label: '需要' },
          { value: 'no', label: '不需要' },
        ],
      },
      { questionId: 'q5', title: '其他想告诉医生的情况（选填）', type: 'TEXT', required: false, options: [] },
    ],
  },
  OUTPATIENT_FOLLOW_UP: {
    title: '门诊诊后随访',
    intro: ['您就诊后已有一段时间，请告诉我们您的恢复和用药情况，如有需要医生将与您联系。'],
    questions: [
      {
        questionId: 'q1',
        title: '与就诊时相比，您目前的症状',
        type: 'SINGLE',
        required: true,
        options: [
          { value: 'gone', label: '已消失' },
          { value: 'better', label: '有所好转' },
          { value: 'same', label: '无变化' },
          { value: 'worse', label: '加重' },
        ],
      },
      {
        questionId: 'q2',
        title: '您是否按医嘱用药？',
        type: 'SINGLE',
        required: true,
        options: [
          { value: 'yes', label: '按时用药' },
          { value: 'sometimes', label: '偶尔漏服' },
          { value: 'no', label: '未用药或已停药' },
          { value: 'none', label: '未开药' },
        ],
      },
      {
        questionId: 'q3',
        title: '是否需要医生与您电话联系？',
        type: 'SINGLE',
        required: true,
        options: [
          { value: 'yes', label: '需要' },
          { value: 'no', label: '不需要' },
        ],
      },
      { questionId: 'q4', title: '其他想告诉医生的情况（选填）', type: 'TEXT', required: false, options: [] },
    ],
  },
  HYPERTENSION_HOME_CARE: {
    title: '高血压患者居家护理',
    intro: ['请阅读以下健康宣教内容，阅读后点击“我已阅读”。'],
    questions: [],
    article: [
      '一、按时服药：降压药需长期规律服用，不可自行停药或减量，漏服时不要下次加倍。',
      '二、监测血压：每天早晚各测一次并记录，测量前静坐5分钟，复诊时带上记录。',
      '三、饮食清淡：每日食盐不超过5克，少吃腌制食品，多吃蔬菜水果，戒烟限酒。',
      '四、适量运动：每周至少5天、每次30分钟中等强度运动，如快走、太极拳。',
      '五、及时就医：如出现剧烈头痛、胸痛、肢体麻木或血压明显升高，请立即就医。',
    ],
  },
  RETURN_VISIT: {
    title: '复诊提醒',
    intro: ['医生建议您按时复诊，以便评估恢复情况、调整治疗方案。'],
    questions: [],
  },
};

/** A scale's score: the sum of the chosen options' values. */
export function scoreOf(template: Template, answers: Record<string, string[]>): number {
  return template.questions.reduce((sum, q) => sum + Number(answers[q.questionId]?.[0] ?? 0), 0);
}

/** The hospital's reply to a feedback, as its service desk writes it. */
export function replyTo(kind: string, category: string): string[] {
  if (kind === 'PRAISE') {
    return ['您好，感谢您对我院工作的肯定！您的表扬已转达相关科室和人员，我们将继续努力为您提供优质服务。'];
  }
  return [
    `您好，感谢您的${kind === 'COMPLAINT' ? '反映' : '建议'}。关于“${category}”方面的问题，客户服务中心已转交相关科室核实处理。`,
    '处理结果将在3个工作日内以电话方式告知您；如有其他问题，欢迎拨打医院咨询电话。',
  ];
}

/** How long the service desk takes to reply. */
export const REPLY_AFTER_MS = 2 * 60 * 60 * 1000;

/**
 * How many photos each hospital takes with a feedback (the service desk's choice; at most UPLOAD_LIMITS.maxFiles):
 * three where not listed; 1007 (a small county hospital) reads one.
 */
export const FEEDBACK_PHOTOS: Record<string, number> = { '1007': 1 };
export const DEFAULT_FEEDBACK_PHOTOS = 3;

/** The article pushed by the simulated follow-up platform (the dev push route). */
export const PUSH_TEMPLATE = 'HYPERTENSION_HOME_CARE';
