import { api } from '@patient/api-client';
import { listConsentItems } from '@patient/contract';
import { BadLink, LoadError, useHospitalId, useRemote } from '@patient/feature-kit';
import { EmptyState, Spinner } from '@patient/ui-kit';
import '@patient/feature-kit/base.css';

/** 隐私与授权 (/consent): the account's items at this hospital, newest first, with the system's note. */
export default function ConsentPage() {
  const hospitalId = useHospitalId();
  const remote = useRemote(
    hospitalId ? (signal) => api.request(listConsentItems, { query: { hospitalId } }, { signal }) : null,
    hospitalId ?? '',
  );
  if (!hospitalId) return <BadLink page message="未选择医院" to="/homepage" back="返回首页" />;
  const list = remote.data;
  if (!list) {
    return (
      <div className="fk-page">
        {remote.status === 'error' ? (
          <LoadError error={remote.error} text="隐私与授权加载失败" onRetry={remote.reload} />
        ) : (
          <Spinner text="正在加载..." />
        )}
      </div>
    );
  }
  return (
    <div className="fk-page">
      <p>{list.note}</p>
      {list.items.length === 0 ? (
        <EmptyState text="暂无记录" />
      ) : (
        <ul aria-label="隐私与授权">
          {list.items.map((item) => (
            <li key={item.itemId}>{item.title}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
