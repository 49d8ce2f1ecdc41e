/**
 * The screening campaigns the seed creates (one per street, for each of the nine hospitals, in its own city)
 * and the risk questionnaire they use. Option weights are the service's configuration: the app sees the
 * questions and options, never the weights.
 */

export interface ScreeningQuestionConfig {
  questionId: string;
  title: string;
  type: 'SINGLE' | 'MULTIPLE';
  required: boolean;
  options: {
    value: string;
    label: string;
    weight: number;
    none?: boolean;
    factor?: string;
    urgent?: boolean;
  }[];
}

/** The chronic-disease risk questionnaire (hypertension, diabetes, heart disease, stroke). */
export const RISK_QUESTIONNAIRE: ScreeningQuestionConfig[] = [
  {
    questionId: 'q1',
    title: '近半年是否经常出现头晕、头痛或心慌？',
    type: 'SINGLE',
    required: true,
    options: [
      { value: 'often', label: '经常', weight: 2, factor: '经常头晕、头痛或心慌' },
      { value: 'sometimes', label: '偶尔', weight: 1 },
      { value: 'no', label: '没有', weight: 0 },
    ],
  },
  {
    questionId: 'q2',
    title: '是否有口渴多饮、多尿或不明原因的体重下降？',
    type: 'SINGLE',
    required: true,
    options: [
      { value: 'yes', label: '有', weight: 2, factor: '多饮、多尿或体重下降' },
      { value: 'no', label: '没有', weight: 0 },
    ],
  },
  {
    questionId: 'q3',
    title: '活动或劳累时是否出现过胸闷、胸痛？',
    type: 'SINGLE',
    required: true,
    options: [
      { value: 'yes', label: '有', weight: 3, factor: '活动时胸闷、胸痛', urgent: true },
      { value: 'no', label: '没有', weight: 0 },
    ],
  },
  {
    questionId: 'q4',
    title: '是否出现过一侧肢体麻木无力、口角歪斜或说话不清（即使很快恢复）？',
    type: 'SINGLE',
    required: true,
    options: [
      { value: 'yes', label: '有', weight: 3, factor: '出现过疑似脑卒中的症状', urgent: true },
      { value: 'no', label: '没有', weight: 0 },
    ],
  },
  {
    questionId: 'q5',
    title: '您的饮食口味',
    type: 'SINGLE',
    required: true,
    options: [
      { value: 'salty', label: '偏咸', weight: 1, factor: '饮食偏咸' },
      { value: 'greasy', label: '偏油腻', weight: 1, factor: '饮食偏油腻' },
      { value: 'light', label: '清淡', weight: 0 },
    ],
  },
  {
    questionId: 'q6',
    title: '平均每天睡眠时间',
    type: 'SINGLE',
    required: true,
    options: [
      { value: 'short', label: '少于6小时', weight: 1, factor: '睡眠不足' },
      { value: 'normal', label: '6至8小时', weight: 0 },
      { value: 'long', label: '多于8小时', weight: 0 },
    ],
  },
  {
    questionId: 'q7',
    title: '目前正在服用的药物（可多选）',
    type: 'MULTIPLE',
    required: false,
    options: [
      { value: 'bp', label: '降压药', weight: 0 },
      { value: 'glucose', label: '降糖药或胰岛素', weight: 0 },
      { value: 'lipid', label: '降脂药', weight: 0 },
      { value: 'antiplatelet', label: '阿司匹林等抗血小板药', weight: 0 },
      { value: 'none', label: '以上都没有', weight: 0, none: true },
    ],
  },
];

export interface StreetSeed {
  name: string;
  place: string;
  communities: string[];
  /** The campaign's title for the seed day's year (a past campaign names its own year). */
  title: (year: number) => string;
  /** Days from the seed day: start (negative: already begun) and end. */
  start: number;
  end: number;
}

const INTRO = [
  '面向辖区内35岁及以上常住居民，免费开展高血压、糖尿病、心脑血管疾病风险筛查。',
  '请先在线填写个人信息、健康信息和风险问卷，再到筛查点测量血压、血糖；结果将由医生审核，高风险居民会接到社区医生电话随访。',
];
export const SCREENING_INTRO = INTRO;

const open = (name: string, place: string, communities: string[]): StreetSeed => ({
  name,
  title: (year) => `${name}${year}年慢性病风险筛查`,
  place,
  communities,
  start: -7,
  end: 60,
});

/**
 * The campaigns of each hospital, in its own city's streets and towns. A hospital not named here (a new one,
 * `pnpm new-hospital`) has none until its streets are added.
 */
export const STREETS_BY_HOSPITAL: Record<string, StreetSeed[]> = {
  '1000': [
    open('城东街道', '城东街道社区卫生服务中心一楼', ['幸福里社区', '和平社区', '东湖社区']),
    open('城西街道', '城西街道社区卫生服务中心二楼', ['西园社区', '桂花社区']),
    {
      ...open('南湖街道', '南湖街道社区卫生服务站', ['南湖社区']),
      title: (year) => `南湖街道${year - 1}年慢性病风险筛查`,
      start: -200,
      end: -140,
    },
  ],
  '1001': [
    open('建中街街道', '建中街街道社区卫生服务中心', ['汝河路社区', '建中街社区']),
    open('花园路街道', '花园路街道社区卫生服务中心', ['经七路社区', '红专路社区']),
  ],
  '1002': [
    open('蓼皋街道', '蓼皋街道社区卫生服务中心', ['北门社区', '南门社区']),
    open('九江街道', '九江街道社区卫生服务中心', ['九江社区', '木树社区']),
  ],
  '1003': [
    open('汤山街道', '汤山街道社区卫生服务中心', ['河西社区', '河东社区']),
    open('泉都街道', '泉都街道社区卫生服务中心', ['泉都社区', '新街社区']),
  ],
  '1004': [
    open('东新街道', '东新街道社区卫生服务中心', ['东新园社区', '香积寺社区']),
    open('石桥街道', '石桥街道社区卫生服务中心', ['石桥社区', '华丰社区']),
  ],
  '1005': [
    open('仁山街道', '仁山街道社区卫生服务中心', ['仁山社区', '冲广坪社区']),
    open('谢桥街道', '谢桥街道社区卫生服务中心', ['谢桥社区', '龙门坳社区']),
  ],
  '1006': [
    open('环北街道', '环北街道社区卫生服务中心', ['环北社区', '金滩社区']),
    open('灯塔街道', '灯塔街道社区卫生服务中心', ['灯塔社区', '川硐社区']),
  ],
  '1007': [
    open('路桥街道', '路桥街道社区卫生服务中心', ['银安社区', '石曲社区']),
    open('路南街道', '路南街道社区卫生服务中心', ['下里桥社区', '新桥社区']),
  ],
  '1008': [
    open('博鳌镇', '博鳌镇卫生院', ['博鳌社区', '南强社区']),
    open('嘉积镇', '嘉积镇社区卫生服务中心', ['官塘社区', '先锋社区']),
  ],
};
