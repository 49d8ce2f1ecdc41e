import { createHash } from 'node:crypto';
import type { LabItem } from '@patient/contract';
import { DAY } from '../../platform/clock.ts';
import { type HisPerson, identityKeyOf } from '../patients/index.ts';
import { conditionOf } from './his.ts';
import { labItemOf, type SourceReport, simulatedReportsOf } from './lis.ts';
import { item, LAB_PANELS, type LabItemSeed, qualitative } from './report-data.ts';

/** What the refusal names when the exam centre fails or does not answer in time (askOutside). */
export const EXAM_CENTRE_NAME = '检查与体检系统（PACS）';

/**
 * The examination systems (port `examCentre`): the PACS's imaging and pathology reports of the orders the HIS
 * sent, and the physical-exam centre's (体检中心) check-ups with their health certificates (健康证) and exam
 * reports. The report files (PDF, page images) are laid out by the service from what these calls answer
 * (pages.ts, pdf.ts). Read only: any call may be repeated; a failure or a time-out is answered 503 by askOutside.
 */
export interface ExamCentre {
  /** How long one call may take (askOutside's deadline); default OUTSIDE_CALL_TIMEOUT_MS. */
  readonly timeoutMs?: number;
  /**
   * The person's imaging, pathology and health certificate reports of these ids (the HIS's orders'
   * `reportId`), in the same order; rejects with ReportNotFoundError (lis.ts) for an id it does not know for
   * that person. `anchor`: as in the record system's `visitsOf`.
   */
  reportsOf(
    person: HisPerson,
    anchor: Date,
    reportIds: readonly string[],
    signal?: AbortSignal,
  ): Promise<SourceReport[]>;
  /** The person's physical-exam check-ups, newest first (including ones not yet reported: `reportedAt`). */
  examsOf(person: HisPerson, anchor: Date, signal?: AbortSignal): Promise<SourceExam[]>;
}

export interface SourceExam {
  examNo: string;
  packageName: string;
  examinedAt: Date;
  reportedAt: Date;
  chiefDoctorName: string;
  summary: string;
  conclusions: { finding: string; advice: string }[];
  sections: { name: string; doctorName: string; items: LabItem[]; conclusion: string }[];
}

const numeric = (
  code: string,
  name: string,
  unit: string,
  low: number | null,
  high: number | null,
  decimals: number,
  centre: number,
  spread: number,
) => item(code, name, code, unit, low, high, decimals, centre, spread);

const finding = (code: string, name: string, normal: string) => qualitative(code, name, code, normal);

const GENERAL = [
  numeric('HEIGHT', '身高', 'cm', null, null, 1, 168, 6),
  numeric('WEIGHT', '体重', 'kg', null, null, 1, 64, 6),
  numeric('BMI', '体重指数', 'kg/m²', 18.5, 23.9, 1, 22, 1.2),
  numeric('SBP', '收缩压', 'mmHg', 90, 139, 0, 122, 8),
  numeric('DBP', '舒张压', 'mmHg', 60, 89, 0, 76, 6),
  numeric('PULSE', '脉搏', '次/分', 60, 100, 0, 74, 6),
];
const INTERNAL = [
  finding('HEART', '心脏听诊', '心律齐，未闻及杂音'),
  finding('LUNG', '肺部听诊', '双肺呼吸音清'),
  finding('ABD', '腹部触诊', '腹软，肝脾肋下未触及'),
];
const SURGERY = [
  finding('THYROID', '甲状腺', '未触及肿大'),
  finding('LYMPH', '浅表淋巴结', '未触及肿大'),
  finding('SPINE', '脊柱四肢', '未见异常'),
];
const ULTRASOUND = [
  finding('LIVER_US', '肝脏', '大小形态正常，回声均匀'),
  finding('GB_US', '胆囊', '未见明显异常'),
];
const ECG = [finding('ECG', '心电图', '窦性心律，正常心电图')];

/** What a condition shows at an exam (the older exam before it was treated, the recent one after). */
const CONDITION_VALUES: Record<string, [Record<string, number | string>, Record<string, number | string>]> = {
  DIABETES: [
    { GLU: 8.9, TG: 2.1, BMI: 26.2 },
    { GLU: 7.1, TG: 1.6, BMI: 25.1 },
  ],
  HYPERTENSION: [
    { SBP: 152, DBP: 97, TC: 6.6, UA: 455, BMI: 25.3 },
    { SBP: 134, DBP: 86, TC: 5.3, UA: 420, BMI: 24.6 },
  ],
  FATTY_LIVER: [
    { ALT: 92, AST: 55, TG: 2.7, BMI: 27.8, LIVER_US: '肝实质回声细密增强，考虑脂肪肝' },
    { ALT: 48, AST: 34, TG: 1.9, BMI: 26.1, LIVER_US: '肝实质回声稍增强，考虑轻度脂肪肝' },
  ],
};

/** The finding and advice of an item off its range; others get a general line. */
const ADVICE: Record<string, [string, string]> = {
  GLU: ['空腹血糖升高', '建议内分泌科就诊，复查空腹血糖及糖化血红蛋白；控制饮食总热量，规律运动。'],
  TC: ['总胆固醇升高', '低脂饮食，适当运动，3-6个月后复查血脂，必要时心血管内科就诊。'],
  TG: ['甘油三酯升高', '减少高脂、高糖饮食及饮酒，3-6个月后复查血脂。'],
  ALT: ['谷丙转氨酶升高', '避免饮酒及熬夜，1个月后复查肝功能，持续升高请消化内科就诊。'],
  AST: ['谷草转氨酶升高', '结合肝功能其他指标，1个月后复查。'],
  UA: ['尿酸升高', '低嘌呤饮食（少食动物内脏、海鲜、啤酒），多饮水，3个月后复查。'],
  BMI: ['超重', '控制饮食总量，每周至少150分钟中等强度运动，体重指数目标18.5-23.9。'],
  SBP: ['血压偏高', '低盐饮食，规律作息，连续一周早晚测量血压，持续偏高请心血管内科就诊。'],
  DBP: ['血压偏高', '低盐饮食，规律作息，连续一周早晚测量血压，持续偏高请心血管内科就诊。'],
  LIVER_US: ['脂肪肝', '控制体重，减少高脂饮食，戒酒，6-12个月后复查腹部彩超及肝功能。'],
};

/** Findings in the order the summary names them: the ones that need a doctor first. */
const PRIORITY = ['GLU', 'SBP', 'DBP', 'ALT', 'AST', 'TC', 'TG', 'UA', 'LIVER_US', 'BMI'];
const rank = (code: string) => (PRIORITY.includes(code) ? PRIORITY.indexOf(code) : PRIORITY.length);

const DOCTORS = {
  general: '赵敏',
  internal: '钱志强',
  surgery: '孙海涛',
  lab: '刘芳',
  us: '黄磊',
  ecg: '吴静',
  chief: '周建华',
};

function digest(...parts: (string | number)[]): Buffer {
  return createHash('sha256').update(parts.join('|')).digest();
}

/**
 * The simulated exam centre and PACS: the simulated HIS's imaging, pathology and health certificate orders
 * reported (lis.ts's SimulatedReports), and a filed person's health check-ups (one about 13 months and one about
 * 5 weeks before the anchor), each with its sections (general, internal medicine, surgery, blood count,
 * biochemistry, abdominal ultrasound, ECG), the chief doctor's summary and the findings with advice.
 * Deterministic per person; the long-term condition of the HIS shows in the values. A simulation: production
 * refuses it unless DEMO_SIMULATED_PORTS allows it.
 */
export class SimulatedExamCentre implements ExamCentre {
  readonly simulated = true;

  async reportsOf(person: HisPerson, anchor: Date, reportIds: readonly string[]): Promise<SourceReport[]> {
    return simulatedReportsOf(person, anchor, reportIds, ['IMAGING', 'PATHOLOGY', 'HEALTH_CERTIFICATE']);
  }

  async examsOf(person: HisPerson, anchor: Date): Promise<SourceExam[]> {
    const who = [person.hospitalId, identityKeyOf(person.identityCard), person.name.trim()];
    const condition = conditionOf(person);
    const plan = [
      { daysAgo: 400, packageName: '入职健康体检', values: CONDITION_VALUES[condition][0] },
      { daysAgo: 35, packageName: '年度健康体检', values: CONDITION_VALUES[condition][1] },
    ];
    return plan
      .map(({ daysAgo, packageName, values }, n) => {
        const h = digest('exam', ...who, n);
        const examinedAt = new Date(anchor.getTime() - daysAgo * DAY - (h[0] % 3) * 3_600_000);
        const noise = (code: string) => digest('exam-item', ...who, n, code).readUInt32BE(0) / 0xffffffff;
        const items = (seeds: readonly LabItemSeed[]) =>
          seeds.map((s) => labItemOf(s, values[s.code], noise(s.code)));
        const sections = [
          { name: '一般检查', doctorName: DOCTORS.general, items: items(GENERAL) },
          { name: '内科', doctorName: DOCTORS.internal, items: items(INTERNAL) },
          { name: '外科', doctorName: DOCTORS.surgery, items: items(SURGERY) },
          { name: '血常规', doctorName: DOCTORS.lab, items: items(LAB_PANELS.CBC.items) },
          { name: '生化检查', doctorName: DOCTORS.lab, items: items(LAB_PANELS.BIOCHEM.items) },
          { name: '腹部彩超', doctorName: DOCTORS.us, items: items(ULTRASOUND) },
          { name: '心电图', doctorName: DOCTORS.ecg, items: items(ECG) },
        ].map((s) => {
          const off = s.items.filter((i) => i.flag !== 'NORMAL');
          return {
            ...s,
            conclusion:
              off.length === 0
                ? '未见明显异常'
                : off
                    .map((i) =>
                      i.numeric === null ? i.value : `${i.name}${i.flag === 'HIGH' ? '偏高' : '偏低'}`,
                    )
                    .join('；'),
          };
        });
        const conclusions: { finding: string; advice: string }[] = [];
        const offItems = sections
          .flatMap((s) => s.items)
          .filter((i) => i.flag !== 'NORMAL')
          .sort((a, b) => rank(a.code) - rank(b.code));
        for (const item of offItems) {
          const [found, advice] = ADVICE[item.code] ?? [
            `${item.name}${item.flag === 'HIGH' ? '偏高' : item.flag === 'LOW' ? '偏低' : '异常'}`,
            '建议相关专科就诊复查。',
          ];
          if (!conclusions.some((c) => c.finding === found)) conclusions.push({ finding: found, advice });
        }
        return {
          examNo: `TJ${person.hospitalId}${String(h.readUInt32BE(4) % 100_000_000).padStart(8, '0')}`,
          packageName,
          examinedAt,
          reportedAt: new Date(examinedAt.getTime() + 5 * DAY),
          chiefDoctorName: DOCTORS.chief,
          summary:
            conclusions.length === 0
              ? '本次体检未发现明显异常。请保持健康生活方式，建议每年体检一次。'
              : `本次体检发现${conclusions.length}项异常：${conclusions.map((c) => c.finding).join('、')}。请参照下列建议及时复查或专科就诊。`,
          conclusions,
          sections,
        };
      })
      .reverse();
  }
}
