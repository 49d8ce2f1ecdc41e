/**
 * Test helpers of the record and report screens (not used by the app): an in-memory stand-in for the hospital
 * service's record and report calls answering on the real loopback server (@patient/feature-kit/testing),
 * fixtures and the options of its harness (setupFeature). api-client runs for real.
 */
import type {
  ExamReport,
  FollowUpTask,
  LabItem,
  Report,
  ReportSummary,
  VisitDetail,
} from '@patient/contract';
import {
  defaultContact,
  type FeatureOptions,
  fail,
  LoopbackService,
  makeContact,
  ok,
  type Route,
} from '@patient/feature-kit/testing';

export { bodiesOf, fail, makeContact, ok, sent } from '@patient/feature-kit/testing';

export function makeItem(extra: Partial<LabItem> = {}): LabItem {
  return {
    code: 'ALT',
    name: '丙氨酸氨基转移酶',
    abbreviation: 'ALT',
    value: '24',
    numeric: 24,
    unit: 'U/L',
    referenceRange: '9-50',
    low: 9,
    high: 50,
    flag: 'NORMAL',
    ...extra,
  };
}

export function makeSummary(extra: Partial<ReportSummary> = {}): ReportSummary {
  return {
    reportId: 'L10001234567890',
    kind: 'LAB',
    name: '生化全套',
    status: 'READY',
    hospitalId: '1000',
    hospitalName: '示范医院',
    contactId: '1',
    patientName: '张伟',
    patientId: 'P100012345678',
    visitNo: 'MZ10001234567890',
    departmentName: '内分泌科',
    doctorName: '李建国',
    requestedAt: '2030-05-10T01:20:00.000Z',
    reportedAt: '2030-05-10T05:00:00.000Z',
    expectedAt: null,
    abnormalCount: 1,
    ...extra,
  };
}

export function makeReport(extra: Partial<Report> = {}): Report {
  return {
    ...makeSummary(),
    specimen: '血清',
    sampleNo: '1234567890',
    collectedAt: '2030-05-10T01:35:00.000Z',
    reporterName: '刘芳',
    reviewerName: '孙明',
    items: [
      makeItem(),
      makeItem({
        code: 'GLU',
        name: '葡萄糖',
        abbreviation: 'GLU',
        value: '7.42',
        numeric: 7.42,
        unit: 'mmol/L',
        referenceRange: '3.90-6.10',
        low: 3.9,
        high: 6.1,
        flag: 'HIGH',
      }),
      makeItem({
        code: 'PRO',
        name: '尿蛋白',
        abbreviation: 'PRO',
        value: '阴性',
        numeric: null,
        unit: '',
        referenceRange: '阴性',
        low: null,
        high: null,
      }),
    ],
    imaging: null,
    pathology: null,
    healthCertificate: null,
    ...extra,
  };
}

export function makeVisit(extra: Partial<VisitDetail> = {}): VisitDetail {
  return {
    visitNo: 'MZ10001234567890',
    type: 'OUTPATIENT',
    hospitalId: '1000',
    contactId: '1',
    patientName: '张伟',
    patientId: 'P100012345678',
    date: '2030-05-10',
    endDate: null,
    departmentName: '内分泌科',
    doctorName: '李建国',
    diagnosis: '2型糖尿病',
    record: {
      chiefComplaint: '糖尿病复诊，复查血糖',
      presentIllness: '规律服药。',
      pastHistory: '否认药物过敏史。',
      physicalExam: 'BP 122/78mmHg。',
      diagnoses: ['2型糖尿病'],
      advice: '继续当前方案。',
    },
    prescriptions: [
      {
        prescriptionNo: 'CF0000000001',
        category: '西药',
        issuedAt: '2030-05-10T02:00:00.000Z',
        doctorName: '李建国',
        drugs: [
          {
            drugCode: 'YP0001',
            name: '盐酸二甲双胍缓释片',
            specification: '0.5g×30片',
            dose: '0.5g',
            route: '口服',
            frequency: '每日2次',
            days: 30,
            quantity: '2盒',
          },
        ],
      },
    ],
    reports: [makeSummary()],
    ...extra,
  };
}

export function makeExam(extra: Partial<ExamReport> = {}): ExamReport {
  return {
    examNo: 'TJ100012345678',
    hospitalId: '1000',
    hospitalName: '示范医院',
    contactId: '1',
    patientName: '张伟',
    packageName: '年度健康体检',
    date: '2030-04-05',
    status: 'READY',
    reportedAt: '2030-04-10T02:00:00.000Z',
    findingCount: 2,
    summary: '本次体检发现2项异常：空腹血糖升高、超重。请参照下列建议及时复查或专科就诊。',
    conclusions: [
      { finding: '空腹血糖升高', advice: '建议内分泌科就诊。' },
      { finding: '超重', advice: '控制饮食总量。' },
    ],
    chiefDoctorName: '周建华',
    sections: [
      {
        name: '一般检查',
        doctorName: '赵敏',
        items: [
          makeItem({
            code: 'HEIGHT',
            name: '身高',
            abbreviation: 'HEIGHT',
            value: '170.0',
            numeric: 170,
            unit: 'cm',
            referenceRange: '',
            low: null,
            high: null,
          }),
          makeItem({
            code: 'BMI',
            name: '体重指数',
            abbreviation: 'BMI',
            value: '25.1',
            numeric: 25.1,
            unit: 'kg/m²',
            referenceRange: '18.5-23.9',
            low: 18.5,
            high: 23.9,
            flag: 'HIGH',
          }),
        ],
        conclusion: '体重指数偏高',
      },
    ],
    ...extra,
  };
}

/** The hospital service's record and report calls over in-memory data. */
export function makeTask(extra: Partial<FollowUpTask> = {}): FollowUpTask {
  return {
    taskId: 'SF000000000001',
    inhospitalId: 'MZ10001234567890',
    kind: 'MISSION',
    title: '门诊诊后随访',
    patientName: '张伟',
    department: '内分泌科',
    intro: ['请告诉我们您的恢复情况。'],
    questions: [
      {
        questionId: 'q1',
        title: '与就诊时相比，您目前的症状',
        type: 'SINGLE',
        required: true,
        options: [
          { value: 'better', label: '有所好转' },
          { value: 'worse', label: '加重' },
        ],
      },
      { questionId: 'q2', title: '其他想告诉医生的情况（选填）', type: 'TEXT', required: false, options: [] },
    ],
    article: null,
    returnVisit: null,
    status: 'PENDING',
    doneAt: null,
    answers: null,
    result: null,
    ...extra,
  };
}

export class FakeService extends LoopbackService {
  visits: VisitDetail[] = [makeVisit()];
  filed = true;
  reports: Report[] = [makeReport()];
  trend = {
    itemCode: 'GLU',
    name: '葡萄糖',
    unit: 'mmol/L',
    referenceRange: '3.90-6.10',
    low: 3.9,
    high: 6.1,
    points: [
      {
        reportId: 'L1',
        reportName: '生化全套',
        at: '2029-11-10T01:35:00.000Z',
        value: 9.61,
        flag: 'HIGH' as const,
      },
      {
        reportId: 'L2',
        reportName: '生化全套',
        at: '2030-02-10T01:35:00.000Z',
        value: 8.2,
        flag: 'HIGH' as const,
      },
      {
        reportId: 'L10001234567890',
        reportName: '生化全套',
        at: '2030-05-10T01:35:00.000Z',
        value: 7.42,
        flag: 'HIGH' as const,
      },
    ],
  };

  exams: ExamReport[] = [makeExam()];
  tasks: FollowUpTask[] = [makeTask()];

  protected readonly routes: Route[] = [
    [
      'POST',
      /^\/v1\/patient\/followUpList\/\w+$/,
      (r) => {
        const { visitNo } = JSON.parse(r.body);
        return ok(
          this.tasks
            .filter((t) => t.inhospitalId === visitNo)
            .map(({ taskId, inhospitalId, kind, title, department, status, doneAt }) => ({
              taskId,
              inhospitalId,
              kind,
              title,
              department,
              status,
              doneAt,
            })),
        );
      },
    ],
    [
      'GET',
      /^\/v1\/patient\/desc\/(\w+)\/(\w+)$/,
      (_r, m) => {
        const found = this.tasks.find((t) => t.inhospitalId === m[1] && t.taskId === m[2]);
        return found ? ok(found) : fail(404, '随访任务不存在');
      },
    ],
    [
      'POST',
      /^\/v1\/patient\/save$/,
      (r) => {
        const { inhospitalId, taskId, answers } = JSON.parse(r.body);
        const found = this.tasks.find((t) => t.inhospitalId === inhospitalId && t.taskId === taskId);
        if (!found) return fail(404, '随访任务不存在');
        if (found.status === 'DONE') return fail(409, '该随访已提交');
        Object.assign(found, { status: 'DONE', answers, doneAt: '2030-05-12T02:00:00.000Z' });
        return ok(found);
      },
    ],
    [
      'POST',
      /^\/v1\/report\/pdfFile\/\w+$/,
      (r) =>
        ok({
          fileName: `生化全套报告单-${JSON.parse(r.body).reportId}.pdf`,
          pageCount: 1,
          data: 'JVBERi0xLjMK',
        }),
    ],
    [
      'POST',
      /^\/v1\/medical-examination\/report\/list$/,
      (r) => {
        const { contactId } = JSON.parse(r.body);
        return ok(this.exams.filter((e) => e.contactId === contactId));
      },
    ],
    [
      'POST',
      /^\/v1\/medical-examination\/report\/(\w+)\/(.+)$/,
      (_r, m) => {
        const found = this.exams.find((e) => e.examNo === m[1] && e.patientName === m[2]);
        return found ? ok(found) : fail(404, '体检报告不存在');
      },
    ],
    [
      'POST',
      /^\/v1\/report\/(\w+)\/getExamReportPdf$/,
      (_r, m) =>
        ok({
          examNo: m[1],
          title: '年度健康体检报告',
          pages: [{ width: 595, height: 842, image: 'data:image/svg+xml;base64,PHN2Zy8+' }],
        }),
    ],
    [
      'POST',
      /^\/v1\/patient\/visits\/\w+$/,
      (r) => {
        const { contactId } = JSON.parse(r.body);
        return ok({
          filed: this.filed,
          visits: this.filed ? this.visits.filter((v) => v.contactId === contactId) : [],
        });
      },
    ],
    [
      'POST',
      /^\/v1\/patient\/visit\/\w+$/,
      (r) => {
        const { contactId, visitNo } = JSON.parse(r.body);
        const found = this.visits.find((v) => v.contactId === contactId && v.visitNo === visitNo);
        return found ? ok(found) : fail(404, '就诊记录不存在');
      },
    ],
    [
      'POST',
      /^\/v1\/report\/list\/\w+$/,
      (r) => {
        const { contactId, kind } = JSON.parse(r.body);
        return ok(this.reports.filter((x) => x.contactId === contactId && (!kind || x.kind === kind)));
      },
    ],
    [
      'POST',
      /^\/v1\/report\/detail\/\w+$/,
      (r) => {
        const found = this.reports.find((x) => x.reportId === JSON.parse(r.body).reportId);
        return found ? ok(found) : fail(404, '报告不存在');
      },
    ],
    ['POST', /^\/v1\/report\/trend\/\w+$/, () => ok(this.trend)],
    [
      'POST',
      /^\/v1\/report\/pages\/\w+$/,
      (r) =>
        ok({
          reportId: JSON.parse(r.body).reportId,
          title: '生化全套报告单',
          pages: [{ width: 595, height: 842, image: 'data:image/svg+xml;base64,PHN2Zy8+' }],
        }),
    ],
  ];
}

/** The options of the harness (setupFeature): 张伟 and his mother 王秀兰. */
export const harness = {
  service: FakeService,
  seed: { contacts: [defaultContact(), makeContact('2', '王秀兰', { relation: 'PARENT' })] },
} satisfies FeatureOptions<FakeService>;
