/** Test helpers of the feedback screens (not used by the app): a fake of the feedback and follow-up calls. */
import type { FeedbackItem, FollowUpTask, PushedTask } from '@patient/contract';
import { type FeatureOptions, fail, LoopbackService, ok, type Route } from '@patient/feature-kit/testing';

export { answerDialog, bodiesOf, bodyShows, pause, sent } from '@patient/feature-kit/testing';

export function makeFeedback(extra: Partial<FeedbackItem> = {}): FeedbackItem {
  return {
    feedBackId: '3',
    hospitalId: '1000',
    kind: 'COMPLAINT',
    category: '就医流程',
    content: ['缴费窗口排队超过半小时。', '希望增加窗口。'],
    phone: '13800138000',
    photos: [],
    createdAt: '2030-05-10T01:00:00.000Z',
    status: 'REPLIED',
    reply: {
      text: ['您好，已转交相关科室处理。'],
      repliedAt: '2030-05-10T03:00:00.000Z',
      by: '客户服务中心',
    },
    ...extra,
  };
}

const RATING = [
  { value: '5', label: '非常满意' },
  { value: '3', label: '一般' },
];

export function makeTask(extra: Partial<FollowUpTask> = {}): FollowUpTask {
  return {
    taskId: 'SF1',
    inhospitalId: 'ZY1',
    kind: 'SATISFACTION',
    title: '住院患者满意度调查',
    patientName: '张伟',
    department: '心血管内科',
    intro: ['请根据您的真实感受作答。'],
    questions: [
      {
        questionId: 'q1',
        title: '您对医生的服务是否满意？',
        type: 'SINGLE',
        required: true,
        options: RATING,
      },
      {
        questionId: 'q2',
        title: '您对护士的服务是否满意？',
        type: 'SINGLE',
        required: true,
        options: RATING,
      },
      {
        questionId: 'q3',
        title: '出院后有哪些不适？',
        type: 'MULTIPLE',
        required: false,
        options: [
          { value: 'fever', label: '发热' },
          { value: 'pain', label: '疼痛' },
        ],
      },
      { questionId: 'q4', title: '意见或建议（选填）', type: 'TEXT', required: false, options: [] },
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
  feedbacks: FeedbackItem[] = [makeFeedback()];
  tasks: FollowUpTask[] = [
    makeTask(),
    makeTask({ taskId: 'SF2', kind: 'SCALE', title: '情绪状况自评（PHQ-2）' }),
    makeTask({
      taskId: 'SF4',
      kind: 'STUDY',
      title: '高血压患者居家护理',
      questions: [],
      article: ['一、按时服药。', '二、监测血压。'],
    }),
    makeTask({
      taskId: 'SF5',
      kind: 'RETURN_VISIT',
      title: '复诊提醒',
      questions: [],
      returnVisit: {
        date: '2030-05-20',
        department: '心血管内科',
        doctor: '李明 主任医师',
        notes: ['请携带出院小结。'],
      },
    }),
  ];

  private task = (inhospitalId: string, taskId: string) =>
    this.tasks.find((t) => t.inhospitalId === inhospitalId && t.taskId === taskId);

  maxPhotos = 2;
  /** Photos stored, and requests to the several-photos call. */
  uploads = 0;
  batches = 0;
  uploadsDown = false;
  pushed: PushedTask = {
    iuid: 'P1',
    inhospitalId: 'ZY1',
    taskId: 'SF4',
    kind: 'STUDY',
    title: '高血压患者居家护理',
  };
  /** The disposable code the push link carries, until used. */
  pushCode: string | null = 'c'.repeat(32);

  protected readonly routes: Route[] = [
    ['GET', /^\/v1\/feed_back$/, () => ok(this.feedbacks)],
    ['GET', /^\/v1\/feed_back\/config$/, () => ok({ maxPhotos: this.maxPhotos })],
    [
      'POST',
      /^\/v1\/file\/upload$/,
      () => {
        this.uploads += 1;
        return ok({ fileId: `F${this.uploads}`, contentType: 'image/jpeg', size: 10 });
      },
    ],
    [
      'POST',
      /^\/v1\/file\/uploads$/,
      (r) => {
        if (this.uploadsDown) return fail(500, '服务繁忙');
        this.batches += 1;
        const count = r.body.split('name="files"').length - 1;
        return ok(
          Array.from({ length: count }, () => {
            this.uploads += 1;
            return { fileId: `F${this.uploads}`, contentType: 'image/jpeg', size: 10 };
          }),
        );
      },
    ],
    [
      'POST',
      /^\/v1\/feedback\/push\/login$/,
      (r) => {
        const body = JSON.parse(r.body);
        if (body.iuid !== this.pushed.iuid || body.code !== this.pushCode) return fail(400, '链接已失效');
        this.pushCode = null;
        return ok({ userId: 'u1', phone: '*******8000', task: this.pushed });
      },
    ],
    [
      'GET',
      /^\/v1\/feedback\/push\/(\w+)$/,
      (_r, m) => (m[1] === this.pushed.iuid ? ok(this.pushed) : fail(404, '推送内容不存在')),
    ],
    [
      'POST',
      /^\/v1\/feed_back$/,
      (r) => {
        const body = JSON.parse(r.body);
        const item = makeFeedback({
          ...body,
          photos: body.photos ?? [],
          feedBackId: '9',
          status: 'SUBMITTED',
          reply: null,
        });
        this.feedbacks.unshift(item);
        return ok(item);
      },
    ],
    [
      'GET',
      /^\/v1\/feed_back\/feed_back_id\/(\w+)$/,
      (_r, m) => {
        const item = this.feedbacks.find((f) => f.feedBackId === m[1]);
        return item ? ok(item) : fail(404, '反馈记录不存在');
      },
    ],
    [
      'GET',
      /^\/v1\/(?:satisfy|patient)\/desc\/(\w+)\/(\w+)$/,
      (_r, m) => {
        const task = this.task(m[1], m[2]);
        return task ? ok(task) : fail(404, '随访任务不存在');
      },
    ],
    [
      'GET',
      /^\/v1\/scale\/desc\/(\w+)\/(\w+)$/,
      (_r, m) => {
        const task = this.tasks.find((t) => t.inhospitalId === m[1] && t.kind === 'SCALE');
        return task && m[2] === 'PHQ2' ? ok(task) : fail(404, '随访任务不存在');
      },
    ],
    [
      'POST',
      /^\/v1\/patient\/save$/,
      (r) => {
        const body = JSON.parse(r.body);
        const task = this.task(body.inhospitalId, body.taskId);
        if (!task) return fail(404, '随访任务不存在');
        if (task.status === 'DONE') return fail(409, '该问卷已提交');
        Object.assign(task, {
          status: 'DONE',
          doneAt: '2030-05-10T02:00:00.000Z',
          answers: body.answers,
          result:
            task.kind === 'SCALE'
              ? { score: 3, level: '建议进一步评估', advice: '责任护士会联系您。' }
              : null,
        });
        return ok(task);
      },
    ],
  ];
}

/** The options of the feedback tests' harness (setupFeature). */
export const harness = { service: FakeService } satisfies FeatureOptions<FakeService>;
