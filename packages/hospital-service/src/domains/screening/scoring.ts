import { CHRONIC_DISEASES, type HealthInfo, type RiskLevel } from '@patient/contract';
import type { ScreeningQuestionConfig } from './seed-data.ts';

/** Scores from which a screening is MEDIUM and HIGH risk (below MEDIUM: LOW). */
export const LEVEL_FROM = { MEDIUM: 4, HIGH: 8 } as const;

export interface RiskOutcome {
  level: RiskLevel;
  score: number;
  bmi: number;
  factors: string[];
  advice: string[];
}

const LEVEL_ADVICE: Record<RiskLevel, string> = {
  LOW: '您目前的慢性病风险较低，请保持健康的生活方式，每年体检一次。',
  MEDIUM: '您存在一定的慢性病风险，建议3个月内到社区卫生服务中心或医院复查血压、血糖和血脂。',
  HIGH: '您的慢性病风险较高，建议2周内到医院心血管内科或内分泌科就诊，进一步检查并在医生指导下干预。',
};

/**
 * The risk of a screening: points for age, body mass, waist, blood pressure, blood sugar, habits, own and
 * family history and the questionnaire's weighted answers; LOW below 4 points, MEDIUM from 4, HIGH from 8, and
 * HIGH whatever the score when blood pressure is at 180/110 or above, fasting sugar at 11.1 or above, or an
 * answer names a warning symptom (chest pain, stroke signs).
 */
export function assessRisk(input: {
  health: HealthInfo;
  answers: Record<string, string[]>;
  questions: ScreeningQuestionConfig[];
  age: number;
  male: boolean;
}): RiskOutcome {
  const { health: h, answers, questions, age, male } = input;
  let score = 0;
  let urgent = false;
  const factors: string[] = [];
  const advice: string[] = [];
  const add = (points: number, factor: string) => {
    score += points;
    factors.push(factor);
  };

  if (age >= 65) add(2, `年龄${age}岁`);
  else if (age >= 45) add(1, `年龄${age}岁`);

  const bmi = Math.round((h.weightKg / (h.heightCm / 100) ** 2) * 10) / 10;
  if (bmi >= 28) add(2, `肥胖（体重指数${bmi}）`);
  else if (bmi >= 24) add(1, `超重（体重指数${bmi}）`);
  if (bmi >= 24) advice.push('控制体重：减少高油高糖食物，目标体重指数在18.5至23.9之间。');
  if (bmi < 18.5) {
    factors.push(`体重过低（体重指数${bmi}）`);
    advice.push('体重偏低，注意均衡营养，必要时到营养科咨询。');
  }
  if (h.waistCm !== null && h.waistCm >= (male ? 90 : 85)) add(1, `腰围${h.waistCm}厘米（中心型肥胖）`);

  const bp = `${h.systolic}/${h.diastolic} mmHg`;
  if (h.systolic >= 180 || h.diastolic >= 110) {
    add(4, `血压很高（${bp}）`);
    urgent = true;
  } else if (h.systolic >= 140 || h.diastolic >= 90) add(2, `血压偏高（${bp}）`);
  else if (h.systolic >= 130 || h.diastolic >= 85) add(1, `血压正常高值（${bp}）`);

  if (h.fastingGlucose !== null) {
    const g = `${h.fastingGlucose} mmol/L`;
    if (h.fastingGlucose >= 11.1) {
      add(3, `空腹血糖很高（${g}）`);
      urgent = true;
    } else if (h.fastingGlucose >= 7) add(3, `空腹血糖偏高（${g}）`);
    else if (h.fastingGlucose >= 6.1) add(2, `空腹血糖受损（${g}）`);
  }

  if (h.smoking === 'CURRENT') {
    add(2, '吸烟');
    advice.push('戒烟：可到医院戒烟门诊获得帮助，同时避免二手烟。');
  } else if (h.smoking === 'QUIT') add(1, '既往吸烟');
  if (h.drinking === 'OFTEN') {
    add(1, '经常饮酒');
    advice.push('限制饮酒，最好不饮酒。');
  }
  if (h.exercise === 'NONE') {
    add(1, '缺乏运动');
    advice.push('每周至少5天、每天30分钟中等强度运动，如快走、骑车、太极拳。');
  }
  for (const d of h.history) add(2, `已患${CHRONIC_DISEASES[d]}`);
  if (h.history.length > 0) advice.push('已确诊的慢性病请按医嘱规律服药、定期复查，不要自行停药。');
  const family = h.familyHistory.slice(0, 3);
  for (const d of family) add(1, `家族${CHRONIC_DISEASES[d]}史`);

  for (const q of questions) {
    for (const value of answers[q.questionId] ?? []) {
      const option = q.options.find((o) => o.value === value);
      if (!option) continue;
      score += option.weight;
      if (option.factor) factors.push(option.factor);
      if (option.urgent) urgent = true;
    }
  }
  if ((answers.q5 ?? []).includes('salty')) advice.push('清淡饮食，每人每天食盐不超过5克。');

  const level: RiskLevel =
    urgent || score >= LEVEL_FROM.HIGH ? 'HIGH' : score >= LEVEL_FROM.MEDIUM ? 'MEDIUM' : 'LOW';
  const first = [LEVEL_ADVICE[level]];
  if (urgent)
    first.unshift('您的血压、血糖或症状需要尽快就医；如出现剧烈胸痛、肢体无力或说话不清，请立即拨打120。');
  return { level, score, bmi, factors, advice: [...first, ...advice] };
}
