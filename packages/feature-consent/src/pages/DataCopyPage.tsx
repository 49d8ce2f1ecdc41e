import { api, isCancelled } from '@patient/api-client';
import {
  type DataCopy,
  type DataCopyFile,
  type DataCopyFormat,
  getDataCopyFile,
  listDataCopies,
  requestDataCopy,
} from '@patient/contract';
import { RemotePage, saveFile, useRemote } from '@patient/feature-kit';
import { EmptyState, toast, withLoading } from '@patient/ui-kit';
import { useState } from 'react';
import { dateTime } from '../format.ts';
import '@patient/feature-kit/base.css';
import '../consent.css';

/** Hands the file to the browser as a download (a seam for tests). */
export const fileSaver = {
  save(file: DataCopyFile): void {
    saveFile(file, file.mimeType);
  },
};

/**
 * 个人信息副本 (/privacy/copy): what a copy holds and for how long; 申请副本 prepares one at once (the service
 * gathers everything held about the account and its contacts); each copy downloads as JSON (machine-readable)
 * or PDF (readable) until it expires, for this account only.
 */
export default function DataCopyPage() {
  const copies = useRemote((signal) => api.request(listDataCopies, {}, { signal }), '');
  const [busy, setBusy] = useState<string | null>(null);

  const onRequest = async () => {
    if (busy) return;
    setBusy('request');
    try {
      const made = await withLoading(() => api.request(requestDataCopy, {}), '正在生成副本...');
      copies.set((list) => [made, ...(list ?? [])]);
      void toast('副本已生成');
    } catch {
      // api-client has shown why
    } finally {
      setBusy(null);
    }
  };

  const onDownload = async (copy: DataCopy, format: DataCopyFormat) => {
    if (busy) return;
    setBusy(`${copy.copyId}:${format}`);
    try {
      const file = await withLoading(
        () => api.request(getDataCopyFile, { params: { copyId: copy.copyId }, query: { format } }),
        '正在准备下载...',
      );
      fileSaver.save(file);
      void toast(`已下载 ${file.fileName}`);
    } catch (error) {
      if (!isCancelled(error)) copies.reload();
    } finally {
      setBusy(null);
    }
  };

  return (
    <RemotePage remote={copies} loading="正在加载..." failed="副本列表加载失败">
      {(list) => (
        <div className="fk-page">
          <div className="fk-card cs-copy__intro">
            <p>
              副本包含本平台保存的您的全部个人信息：账号、就诊人、就诊卡、收货地址、订单、支付与退款、电子票据、
              上传照片清单、授权记录、投诉建议和消息。
            </p>
            <p>
              副本生成后 7 天内可下载，仅限本账号；提供 JSON（便于转移给其他机构）和 PDF（便于阅读）两种格式。
            </p>
          </div>
          <button
            type="button"
            className="fk-button fk-button--primary fk-button--block"
            disabled={busy !== null}
            onClick={onRequest}
          >
            申请个人信息副本
          </button>
          <h2 className="fk-section-title">我的副本</h2>
          {list.length === 0 ? (
            <EmptyState text="暂无副本" paddingTop={24} />
          ) : (
            <ul className="fk-list" aria-label="我的副本">
              {list.map((c) => (
                <li key={c.copyId} className="fk-card">
                  <p className="cs-consent__line">生成时间 {dateTime(c.createdAt)}</p>
                  <p className="cs-consent__line">有效期至 {dateTime(c.expiresAt)}</p>
                  <div className="cs-consent__actions">
                    <button
                      type="button"
                      className="fk-button fk-button--small"
                      disabled={busy !== null}
                      onClick={() => onDownload(c, 'pdf')}
                    >
                      下载PDF
                    </button>
                    <button
                      type="button"
                      className="fk-button fk-button--small"
                      disabled={busy !== null}
                      onClick={() => onDownload(c, 'json')}
                    >
                      下载JSON
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </RemotePage>
  );
}
