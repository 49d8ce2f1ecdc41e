import {
  FEEDBACK_KINDS,
  FEEDBACK_MAX_CHARS,
  FEEDBACK_MIN_CHARS,
  type FeedbackItem,
  type FollowUpKind,
  type FollowUpTask,
  getFeedback,
  getFeedbackConfig,
  getFollowUpTask,
  getSatisfactionTask,
  getScaleTask,
  listFeedbacks,
  saveFollowUpTask,
  submitFeedback,
} from '@patient/contract';
import { and, count, desc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import { DAY } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { parseId } from '../../platform/database/ids.ts';
import { type RequestContext, userOf } from '../../platform/http/context.ts';
import { conflict, inputError, notFound, tooManyRequests } from '../../platform/http/errors.ts';
import { LARGE_BODY_LIMIT } from '../../platform/http/json-body.ts';
import { route } from '../../platform/http/route.ts';
import { attachFiles, ownedFiles } from '../files/index.ts';
import { requireHospital } from '../hospitals/index.ts';
import { notify } from '../notifications/index.ts';
import {
  DEFAULT_FEEDBACK_PHOTOS,
  FEEDBACK_PHOTOS,
  REPLY_AFTER_MS,
  replyTo,
  scoreOf,
  TEMPLATES,
} from './seed-data.ts';
import { feedbacks, followUpTasks } from './tables.ts';

/** Most feedbacks one account may send in a day (the service desk reads each one). */
export const FEEDBACKS_PER_DAY = 5;

type FeedbackRow = typeof feedbacks.$inferSelect;
type TaskRow = typeof followUpTasks.$inferSelect;

const toFeedback = (r: FeedbackRow): FeedbackItem => ({
  feedBackId: String(r.id),
  hospitalId: r.hospitalId,
  kind: r.kind as FeedbackItem['kind'],
  category: r.category as FeedbackItem['category'],
  content: r.content,
  phone: r.phone,
  photos: r.photoIds.map(String),
  createdAt: r.submittedAt.toISOString(),
  status: r.reply ? 'REPLIED' : 'SUBMITTED',
  reply:
    r.reply && r.repliedAt
      ? { text: r.reply, repliedAt: r.repliedAt.toISOString(), by: '客户服务中心' }
      : null,
});

/** The service desk answers what has waited REPLY_AFTER_MS (written when first read after that). */
async function writeDueReplies(db: DbOrTx, userId: number, now: Date) {
  const due = await db
    .select()
    .from(feedbacks)
    .where(
      and(
        eq(feedbacks.userId, userId),
        isNull(feedbacks.reply),
        lte(feedbacks.submittedAt, new Date(now.getTime() - REPLY_AFTER_MS)),
      ),
    );
  for (const row of due) {
    const repliedAt = new Date(row.submittedAt.getTime() + REPLY_AFTER_MS);
    const written = await db
      .update(feedbacks)
      .set({ reply: replyTo(row.kind, row.category), repliedAt })
      .where(and(eq(feedbacks.id, row.id), isNull(feedbacks.reply)))
      .returning({ id: feedbacks.id });
    if (written.length === 0) continue;
    await notify(db, {
      userId,
      hospitalId: row.hospitalId,
      kind: 'FEEDBACK',
      title: `您的${FEEDBACK_KINDS[row.kind as FeedbackItem['kind']]}已回复`,
      body: [`您反馈的“${row.category}”问题，客户服务中心已回复，请查看。`],
      link: `/feedback/detail/${row.id}`,
      at: repliedAt,
    });
  }
}

const ALREADY: Record<FollowUpKind, string> = {
  SATISFACTION: '该问卷已提交',
  SCALE: '该量表已提交',
  MISSION: '该随访已提交',
  STUDY: '已确认阅读',
  RETURN_VISIT: '已确认复诊提醒',
};

function toTask(r: TaskRow): FollowUpTask {
  const t = TEMPLATES[r.template];
  const level =
    r.kind === 'SCALE' && r.score !== null ? t.levels?.find((l) => (r.score ?? 0) >= l.min) : undefined;
  return {
    taskId: r.taskNo,
    inhospitalId: r.inhospitalId,
    kind: r.kind as FollowUpKind,
    title: t.title,
    patientName: r.patientName,
    department: r.department,
    intro: t.intro,
    questions: t.questions,
    article: t.article ?? null,
    returnVisit:
      r.kind === 'RETURN_VISIT' && r.returnDate
        ? {
            date: r.returnDate,
            department: r.department,
            doctor: r.returnDoctor ?? '',
            notes: [
              '请携带出院小结、检查报告和正在服用的药物。',
              '请提前在本平台预约挂号，复诊当日到院签到。',
            ],
          }
        : null,
    status: r.status as FollowUpTask['status'],
    doneAt: r.doneAt?.toISOString() ?? null,
    answers: r.status === 'DONE' ? (r.answers ?? {}) : null,
    result: level && r.score !== null ? { score: r.score, level: level.level, advice: level.advice } : null,
  };
}

/** A task's answers are health data: never kept by a browser or a proxy. */
const noStore = (ctx: RequestContext) => ctx.reply.header('cache-control', 'no-store');

/** The account's task of a visit or stay: by its number (and kinds), or a scale by its scaleId. */
async function ownedTask(
  db: DbOrTx,
  userId: number,
  where: { inhospitalId: string; taskNo?: string; scaleId?: string; kinds: FollowUpKind[] },
  lock = false,
): Promise<TaskRow> {
  const query = db
    .select()
    .from(followUpTasks)
    .where(
      and(
        eq(followUpTasks.userId, userId),
        eq(followUpTasks.inhospitalId, where.inhospitalId),
        inArray(followUpTasks.kind, where.kinds),
        where.taskNo ? eq(followUpTasks.taskNo, where.taskNo) : undefined,
        where.scaleId ? eq(followUpTasks.template, where.scaleId) : undefined,
      ),
    )
    .orderBy(desc(followUpTasks.id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('随访任务');
  return row;
}

/** Checks the answers against the task's questions; throws 400 naming the question. */
function checkAnswers(row: TaskRow, answers: Record<string, string[]>) {
  const template = TEMPLATES[row.template];
  if (template.questions.length === 0) {
    if (Object.keys(answers).length > 0) throw inputError('answers', '此项无需作答');
    return {};
  }
  for (const key of Object.keys(answers)) {
    if (!template.questions.some((q) => q.questionId === key))
      throw inputError(`answers.${key}`, '没有这道题');
  }
  const clean: Record<string, string[]> = {};
  template.questions.forEach((q, i) => {
    const field = `answers.${q.questionId}`;
    const given = (answers[q.questionId] ?? []).map((v) => v.trim()).filter((v) => v !== '');
    if (given.length === 0) {
      if (q.required) throw inputError(field, `请回答第${i + 1}题`);
      return;
    }
    if (q.type === 'TEXT') {
      if (given.join('').length > FEEDBACK_MAX_CHARS)
        throw inputError(field, `不能超过${FEEDBACK_MAX_CHARS}字`);
    } else {
      if (q.type === 'SINGLE' && given.length > 1) throw inputError(field, `第${i + 1}题只能选一项`);
      if (new Set(given).size !== given.length || !given.every((v) => q.options.some((o) => o.value === v))) {
        throw inputError(field, `第${i + 1}题的选项不正确`);
      }
    }
    clean[q.questionId] = given;
  });
  return clean;
}

/** How many photos the hospital takes with a feedback. */
const maxPhotosOf = (hospitalId: string) => FEEDBACK_PHOTOS[hospitalId] ?? DEFAULT_FEEDBACK_PHOTOS;

export const feedbackRoutes = [
  route(getFeedbackConfig, async ({ query }, ctx) => {
    await requireHospital(ctx.db, query.hospitalId);
    return { maxPhotos: maxPhotosOf(query.hospitalId) };
  }),

  route(submitFeedback, async ({ body }, ctx) => {
    const user = userOf(ctx);
    await requireHospital(ctx.db, body.hospitalId);
    const content = body.content.map((p) => p.trim()).filter((p) => p !== '');
    const length = content.join('').length;
    if (length < FEEDBACK_MIN_CHARS)
      throw inputError('content', `请至少填写${FEEDBACK_MIN_CHARS}个字，描述清楚问题`);
    if (length > FEEDBACK_MAX_CHARS) throw inputError('content', `不能超过${FEEDBACK_MAX_CHARS}字`);
    const photoIds = body.photos ?? [];
    const maxPhotos = maxPhotosOf(body.hospitalId);
    if (photoIds.length > maxPhotos) {
      throw inputError('photos', maxPhotos === 0 ? '本院投诉建议不接收图片' : `最多上传${maxPhotos}张图片`);
    }
    if (new Set(photoIds).size !== photoIds.length) throw inputError('photos', '图片重复');
    const owned = await ownedFiles(ctx.db, user.id, photoIds);
    if (owned.size !== photoIds.length) throw notFound('图片');
    const now = ctx.clock.now();
    const [{ n }] = await ctx.db
      .select({ n: count() })
      .from(feedbacks)
      .where(and(eq(feedbacks.userId, user.id), gte(feedbacks.submittedAt, new Date(now.getTime() - DAY))));
    if (n >= FEEDBACKS_PER_DAY) {
      throw tooManyRequests(
        '提交过于频繁',
        `每个账号24小时内最多提交${FEEDBACKS_PER_DAY}条，请稍后再试或拨打医院电话`,
      );
    }
    const keptPhotos = photoIds.map((id) => (owned.get(id) as { id: number }).id);
    const row = await ctx.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(feedbacks)
        .values({
          userId: user.id,
          hospitalId: body.hospitalId,
          kind: body.kind,
          category: body.category,
          content,
          phone: body.phone,
          photoIds: keptPhotos,
          submittedAt: now,
        })
        .returning();
      await attachFiles(tx, user.id, keptPhotos, now);
      return inserted;
    });
    return toFeedback(row);
  }),

  route(listFeedbacks, async ({ query }, ctx) => {
    const user = userOf(ctx);
    await requireHospital(ctx.db, query.hospitalId);
    await writeDueReplies(ctx.db, user.id, ctx.clock.now());
    const rows = await ctx.db
      .select()
      .from(feedbacks)
      .where(and(eq(feedbacks.userId, user.id), eq(feedbacks.hospitalId, query.hospitalId)))
      .orderBy(desc(feedbacks.submittedAt), desc(feedbacks.id));
    return rows.map(toFeedback);
  }),

  route(getFeedback, async ({ params }, ctx) => {
    const user = userOf(ctx);
    const id = parseId(params.feedBackId);
    await writeDueReplies(ctx.db, user.id, ctx.clock.now());
    const [row] =
      id === null
        ? []
        : await ctx.db
            .select()
            .from(feedbacks)
            .where(and(eq(feedbacks.id, id), eq(feedbacks.userId, user.id)))
            .limit(1);
    if (!row) throw notFound('反馈记录');
    return toFeedback(row);
  }),

  route(getSatisfactionTask, async ({ params }, ctx) => {
    noStore(ctx);
    return toTask(
      await ownedTask(ctx.db, userOf(ctx).id, {
        inhospitalId: params.inhospitalId,
        taskNo: params.taskId,
        kinds: ['SATISFACTION'],
      }),
    );
  }),

  route(getFollowUpTask, async ({ params }, ctx) => {
    noStore(ctx);
    return toTask(
      await ownedTask(ctx.db, userOf(ctx).id, {
        inhospitalId: params.inhospitalId,
        taskNo: params.taskId,
        kinds: ['MISSION', 'STUDY', 'RETURN_VISIT', 'SATISFACTION', 'SCALE'],
      }),
    );
  }),

  route(getScaleTask, async ({ params }, ctx) => {
    noStore(ctx);
    return toTask(
      await ownedTask(ctx.db, userOf(ctx).id, {
        inhospitalId: params.inhospitalId,
        scaleId: params.scaleId,
        kinds: ['SCALE'],
      }),
    );
  }),

  route(
    saveFollowUpTask,
    async ({ body }, ctx) => {
      noStore(ctx);
      const user = userOf(ctx);
      const now = ctx.clock.now();
      const row = await ctx.db.transaction(async (tx) => {
        const task = await ownedTask(
          tx,
          user.id,
          {
            inhospitalId: body.inhospitalId,
            taskNo: body.taskId,
            kinds: ['SATISFACTION', 'SCALE', 'MISSION', 'STUDY', 'RETURN_VISIT'],
          },
          true,
        );
        if (task.status === 'DONE') throw conflict(ALREADY[task.kind as FollowUpKind]);
        const answers = checkAnswers(task, body.answers);
        const template = TEMPLATES[task.template];
        const [updated] = await tx
          .update(followUpTasks)
          .set({
            status: 'DONE',
            answers,
            score: task.kind === 'SCALE' ? scoreOf(template, answers) : null,
            doneAt: now,
          })
          .where(eq(followUpTasks.id, task.id))
          .returning();
        return updated;
      });
      return toTask(row);
      // A questionnaire's answers: up to 20 paragraphs of 500 characters per question.
    },
    { bodyLimit: LARGE_BODY_LIMIT },
  ),
];
