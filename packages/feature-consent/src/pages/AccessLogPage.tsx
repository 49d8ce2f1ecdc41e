import { api } from '@patient/api-client';
import { DATA_ACCESS_ACTION_NAMES, DATA_ACCESS_LIST_LIMIT, listDataAccess } from '@patient/contract';
import { RemotePage, useHospitalRemote } from '@patient/feature-kit';
import { EmptyState } from '@patient/ui-kit';
import { dateTime } from '../format.ts';
import '@patient/feature-kit/base.css';
import '../consent.css';

/**
 * 访问记录 (/privacy/access): who of the hospital's staff read or handled the account's data — when, who (name
 * and title), what and why — newest first (个人信息保护法 §45: the right to know). The service writes the record
 * with every staff read; nobody can change it.
 */
export default function AccessLogPage() {
  const { hospitalId, remote } = useHospitalRemote((id, signal) =>
    api.request(listDataAccess, { query: { hospitalId: id } }, { signal }),
  );
  return (
    <RemotePage remote={remote} hospitalId={hospitalId} failed="访问记录加载失败">
      {(log) => (
        <div className="fk-page">
          <p className="cs-doc__meta">
            医院工作人员（如病区护士）因办理您的业务查看或处理您的个人信息时，系统会自动记录，记录不可修改。
          </p>
          {log.items.length === 0 ? (
            <EmptyState text="暂无医院工作人员查看您的信息" paddingTop={24} />
          ) : (
            <ul className="fk-list" aria-label="访问记录">
              {log.items.map((r) => (
                <li key={r.accessId} className="fk-card">
                  <div className="fk-row__head">
                    <span>
                      {r.staffName}（{r.staffTitle}）
                    </span>
                    <span className="cs-consent__line">{DATA_ACCESS_ACTION_NAMES[r.action]}</span>
                  </div>
                  <p className="cs-consent__line">时间 {dateTime(r.at)}</p>
                  <p className="cs-consent__line">
                    内容 {r.what}（就诊人 {r.patientName}）
                  </p>
                  <p className="cs-consent__line">用途 {r.purpose}</p>
                </li>
              ))}
            </ul>
          )}
          {log.total > log.items.length && (
            <p className="cs-doc__meta">
              仅显示最近 {DATA_ACCESS_LIST_LIMIT} 条，共 {log.total} 条；如需全部记录，请联系医院。
            </p>
          )}
        </div>
      )}
    </RemotePage>
  );
}
