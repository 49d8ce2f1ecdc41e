import { randomBytes } from 'node:crypto';
import { SERVICE_PREFIX, type UploadedFile, uploadFile, uploadFiles } from '@patient/contract';
import { checkUploadImage, UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@patient/validation';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../platform/database/connect.ts';
import { parseId } from '../../platform/database/ids.ts';
import { type AppDeps, type RequestContext, userOf } from '../../platform/http/context.ts';
import { ApiError, inputError, notFound } from '../../platform/http/errors.ts';
import { authenticate, requestFacts, route, sessionError } from '../../platform/http/route.ts';
import type { FileStorage } from './storage.ts';
import { uploadedFiles } from './tables.ts';

import '@fastify/multipart';

type FileRow = typeof uploadedFiles.$inferSelect;

const toUploaded = (row: FileRow): UploadedFile => ({
  fileId: String(row.id),
  contentType: row.contentType,
  size: row.size,
});

/** Multipart limit errors of @fastify/multipart as the patient reads them. */
function limitMessage(error: unknown): string | null {
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return UPLOAD_MESSAGES.tooLarge;
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return UPLOAD_MESSAGES.tooMany;
    case 'FST_FIELDS_LIMIT':
      return '上传内容只能包含图片';
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return UPLOAD_MESSAGES.none;
    default:
      return null;
  }
}

const MALFORMED = '上传内容格式不正确，请重新选择图片上传';

/**
 * The images of a multipart request, all under `field`, at most `max`: each checked by content (JPEG, PNG,
 * WebP), size and count before anything is stored. Any refusal, a malformed form included, is a 400 with the
 * reason in Chinese.
 */
async function readImages(ctx: RequestContext, field: string, max: number) {
  const request = ctx.request;
  if (!request.isMultipart()) throw inputError(field, UPLOAD_MESSAGES.none);
  const images: { bytes: Buffer; type: string }[] = [];
  try {
    for await (const part of request.parts({
      limits: { files: max, fileSize: UPLOAD_LIMITS.maxBytes, fields: 0, parts: max },
    })) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname !== field) throw inputError(field, `图片请放在 ${field} 字段中上传`);
      const checked = checkUploadImage(bytes);
      if (!checked.valid) throw inputError(field, checked.message);
      images.push({ bytes, type: checked.type });
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // Anything else here is the form itself: no or another boundary, a part cut short, headers broken.
    throw inputError(field, limitMessage(error) ?? MALFORMED);
  }
  if (images.length === 0) throw inputError(field, UPLOAD_MESSAGES.none);
  return images;
}

async function store(ctx: RequestContext, storage: FileStorage, images: { bytes: Buffer; type: string }[]) {
  const user = userOf(ctx);
  const now = ctx.clock.now();
  const keys = images.map(() => randomBytes(16).toString('hex'));
  try {
    for (const [i, image] of images.entries()) await storage.put(keys[i], image.bytes);
    return await ctx.db
      .insert(uploadedFiles)
      .values(
        images.map((image, i) => ({
          userId: user.id,
          storageKey: keys[i],
          contentType: image.type,
          size: image.bytes.length,
          uploadedAt: now,
          createdAt: now,
        })),
      )
      .returning();
  } catch (error) {
    for (const key of keys) await storage.delete(key).catch(() => undefined);
    throw error;
  }
}

/** The upload calls (one photo, several photos) over the given storage. */
export function fileRoutes(storage: FileStorage) {
  return [
    route(uploadFile, async (_input, ctx) => {
      userOf(ctx);
      const [row] = await store(ctx, storage, await readImages(ctx, 'file', 1));
      return toUploaded(row);
    }),
    route(uploadFiles, async (_input, ctx) => {
      userOf(ctx);
      const rows = await store(ctx, storage, await readImages(ctx, 'files', UPLOAD_LIMITS.maxFiles));
      return rows.map(toUploaded);
    }),
  ];
}

/**
 * Marks the user's files as kept by an application (a complaint's photos, a record copy's ID photos), in the
 * caller's transaction: the abandoned-upload sweep leaves them alone from then on.
 */
export async function attachFiles(
  db: DbOrTx,
  userId: number,
  fileIds: readonly number[],
  now: Date,
): Promise<void> {
  if (fileIds.length === 0) return;
  await db
    .update(uploadedFiles)
    .set({ attachedAt: now })
    .where(
      and(
        eq(uploadedFiles.userId, userId),
        inArray(uploadedFiles.id, [...fileIds]),
        isNull(uploadedFiles.attachedAt),
      ),
    );
}

/** After this long an upload no application kept is abandoned (the patient left the form). */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the uploads nobody attached within {@link ABANDONED_UPLOAD_MS}: their rows, then their bytes (a bytes
 * removal that fails is logged by the caller's job and the file is orphaned in the storage, never referenced).
 */
export async function sweepAbandonedUploads(
  db: DbOrTx,
  storage: FileStorage,
  now: Date,
): Promise<{ abandonedUploads: number }> {
  const rows = await db
    .delete(uploadedFiles)
    .where(
      and(
        isNull(uploadedFiles.attachedAt),
        lt(uploadedFiles.uploadedAt, new Date(now.getTime() - ABANDONED_UPLOAD_MS)),
      ),
    )
    .returning({ key: uploadedFiles.storageKey });
  for (const { key } of rows) await storage.delete(key);
  return { abandonedUploads: rows.length };
}

/**
 * The user's own uploaded files among `fileIds` (others' and unknown ids are left out: the caller says 404).
 */
export async function ownedFiles(
  db: DbOrTx,
  userId: number,
  fileIds: string[],
): Promise<Map<string, FileRow>> {
  const ids = fileIds.map(parseId).filter((id): id is number => id !== null);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.userId, userId), inArray(uploadedFiles.id, ids)));
  return new Map(rows.map((r) => [String(r.id), r]));
}

/**
 * GET /product-service/v1/file/:fileId: the bytes of one of the logged-in user's uploads (an <img> source, so
 * no channel header), with the type found by content; another account's file, or none, is 404. Never cached by
 * shared caches, never sniffed, never embedded by another site.
 */
export function registerFileDownload(app: FastifyInstance, deps: AppDeps, storage: FileStorage): void {
  app.get<{ Params: { fileId: string } }>(
    `${SERVICE_PREFIX.product}/v1/file/:fileId`,
    async (request, reply) => {
      requestFacts.set(request, { endpointId: 'getFile' });
      const missing = () => new ApiError(404, notFound('文件').envelope);
      if (request.headers['sec-fetch-site'] === 'cross-site') throw missing();
      const { user, problem } = await authenticate(request, reply, deps);
      if (!user) throw sessionError(problem);
      requestFacts.set(request, { endpointId: 'getFile', userId: user.id });
      const id = parseId(request.params.fileId);
      const [row] =
        id === null
          ? []
          : await deps.db
              .select()
              .from(uploadedFiles)
              .where(and(eq(uploadedFiles.id, id), eq(uploadedFiles.userId, user.id)));
      const bytes = row ? await storage.get(row.storageKey) : null;
      if (!row || !bytes) throw missing();
      return reply
        .header('content-type', row.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'same-origin')
        .header('content-disposition', 'inline')
        .send(bytes);
    },
  );
}
