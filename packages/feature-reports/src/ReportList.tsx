import { api } from '@patient/api-client';
import { listReports, type ReportKind } from '@patient/contract';
import { RemoteState, useRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { useState } from 'react';
import { kindTitle, resultDetailPath } from './format.ts';
import { ReportRow } from './views.tsx';

const TABS: (ReportKind | 'ALL')[] = ['ALL', 'LAB', 'IMAGING', 'PATHOLOGY', 'HEALTH_CERTIFICATE'];

/** The contact's reports at the hospital under tabs 全部 / 检验 / 检查 / 病理 / 健康证, newest first. */
export function ReportList({ hospitalId, contactId }: { hospitalId: string; contactId: string }) {
  const [tab, setTab] = useState<ReportKind | 'ALL'>('ALL');
  const list = useRemote(
    (signal) =>
      api.request(
        listReports,
        { params: { hospitalId }, body: { contactId, ...(tab === 'ALL' ? {} : { kind: tab }) } },
        { signal },
      ),
    `${hospitalId}/${contactId}/${tab}`,
  );
  return (
    <>
      <div className="fk-tabs" role="tablist" aria-label="报告类别">
        {TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            className="fk-tab"
            aria-selected={t === tab}
            onClick={() => setTab(t)}
          >
            {t === 'ALL' ? '全部' : kindTitle(t)}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={tab === 'ALL' ? '全部报告' : kindTitle(tab)}>
        {list.data === null ? (
          <RemoteState
            remote={list}
            loading="正在查询报告..."
            failed="报告查询失败"
            contactId={contactId}
            paddingTop={24}
          />
        ) : list.data.length === 0 ? (
          <EmptyState text="暂无报告，检验检查完成并出具报告后会显示在这里" paddingTop={24} />
        ) : (
          <ul className="fk-list" aria-label="报告列表">
            {list.data.map((r) => (
              <li key={r.reportId}>
                <ReportRow report={r} to={resultDetailPath(r)} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
