import { api, isCancelled } from '@patient/api-client';
import { fileContentPath, getFeedbackConfig } from '@patient/contract';
import { uploadPhotos, useRemote } from '@patient/feature-kit';
import { useState } from 'react';

/** How many photos the hospital takes with a feedback (the service's setting); null while unknown. */
export function useMaxPhotos(hospitalId: string | null): number | null {
  const remote = useRemote(
    hospitalId
      ? (signal) => api.request(getFeedbackConfig, { query: { hospitalId } }, { signal, silent: true })
      : null,
    hospitalId ?? '',
  );
  return remote.data?.maxPhotos ?? null;
}

/**
 * 上传图片 (选填): up to `max` photos, several chosen at once, each compressed and checked on the phone and sent
 * together in one request (feature-kit's uploadPhotos); a refused one is named with the reason while the others
 * are kept; more than the room left: the first ones, said so. Each shown with 删除. `onChange` gets the uploaded
 * file ids.
 */
export function PhotoPicker({
  max,
  fileIds,
  onChange,
}: {
  max: number;
  fileIds: string[];
  onChange: (next: string[]) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (max <= 0) return null;
  const choose = async (chosen: File[]) => {
    if (chosen.length === 0) return;
    const room = max - fileIds.length;
    const files = chosen.slice(0, room);
    setBusy(true);
    setProblem(null);
    try {
      const { uploaded, refused } = await uploadPhotos(files);
      if (uploaded.length > 0) onChange([...fileIds, ...uploaded.map((f) => f.fileId)]);
      const notes = refused.map((r) => `“${r.name}”未上传：${r.message}`);
      if (chosen.length > room) notes.push(`最多还能添加${room}张，已选前${room}张`);
      if (refused.length > 0 && uploaded.length > 0) notes.push(`其余${uploaded.length}张已上传`);
      setProblem(notes.length > 0 ? notes.join('；') : null);
    } catch (error) {
      if (!isCancelled(error))
        setProblem(files.length > 1 ? `${files.length}张图片上传失败，请重试` : '上传失败，请重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-label="上传图片">
      <h2 className="fk-section-title">上传图片（选填，最多{max}张）</h2>
      <ul className="fb-photos">
        {fileIds.map((id, i) => (
          <li key={id} className="fb-photo">
            <img src={fileContentPath(id)} alt={`已上传的第${i + 1}张图片`} />
            <button
              type="button"
              className="fk-text-button fk-text-button--danger"
              onClick={() => onChange(fileIds.filter((f) => f !== id))}
            >
              删除第{i + 1}张
            </button>
          </li>
        ))}
        {fileIds.length < max && (
          <li>
            <label className="fb-photo fb-photo--add" htmlFor="feedback-photo">
              <span className="fb-photo__plus" aria-hidden="true" />
              <span>{busy ? '正在上传…' : '添加图片'}</span>
            </label>
            <input
              id="feedback-photo"
              className="fk-visually-hidden"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              multiple
              disabled={busy}
              onChange={(e) => {
                void choose(Array.from(e.target.files ?? []));
                e.target.value = '';
              }}
            />
          </li>
        )}
      </ul>
      {problem && (
        <p className="fb-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}

/** The photos sent with a feedback (only its owner can read them). */
export function PhotoGallery({ fileIds }: { fileIds: string[] }) {
  if (fileIds.length === 0) return null;
  return (
    <section className="fk-card" aria-label="图片">
      <h2 className="fk-section-title">图片</h2>
      <ul className="fb-photos">
        {fileIds.map((id, i) => (
          <li key={id} className="fb-photo">
            <a href={fileContentPath(id)} target="_blank" rel="noreferrer">
              <img src={fileContentPath(id)} alt={`反馈图片第${i + 1}张`} />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
