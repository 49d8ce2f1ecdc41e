import { api } from '@patient/api-client';
import { getHospitalNavigation } from '@patient/contract';
import { RemotePage, useHospitalRemote } from '@patient/feature-kit';
import { useState } from 'react';
import '@patient/feature-kit/base.css';
import '../info.css';

/**
 * 院内导航 (/hospitalNavigation): the buildings (tabs), each floor with its departments and facilities (挂号收费,
 * 药房, 检验…); a search finds a department or facility and says its building, floor and area.
 */
export default function NavigationPage() {
  const [tab, setTab] = useState(0);
  const [search, setSearch] = useState('');
  const { hospitalId, remote } = useHospitalRemote((id, signal) =>
    api.request(getHospitalNavigation, { params: { hospitalId: id } }, { signal }),
  );
  return (
    <RemotePage
      hospitalId={hospitalId}
      remote={remote}
      loading="正在加载院内导航..."
      failed="院内导航加载失败"
    >
      {({ buildings }) => {
        const words = search.trim();
        const found = words
          ? buildings.flatMap((b) =>
              b.floors.flatMap((f) =>
                f.places
                  .filter((p) => p.name.includes(words))
                  .map((p) => ({ ...p, where: `${b.name}${f.floor}${p.area ? ` ${p.area}` : ''}` })),
              ),
            )
          : [];
        const building = buildings[Math.min(tab, buildings.length - 1)];
        return (
          <div className="fk-page">
            <label className="fk-visually-hidden" htmlFor="place-search">
              搜索科室或地点
            </label>
            <input
              id="place-search"
              className="hi-search"
              type="search"
              placeholder="搜索科室或地点，如 药房、心血管"
              maxLength={20}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            {words ? (
              found.length === 0 ? (
                <p className="hi-muted">没有找到“{words}”，请换个名称试试，或到门诊服务中心咨询</p>
              ) : (
                <ul className="fk-list" aria-label="搜索结果">
                  {found.map((p) => (
                    <li key={`${p.name}/${p.where}`} className="hi-card">
                      <strong>{p.name}</strong>
                      <p className="hi-muted">{p.where}</p>
                    </li>
                  ))}
                </ul>
              )
            ) : building ? (
              <>
                <div className="fk-tabs" role="tablist" aria-label="楼宇">
                  {buildings.map((b, i) => (
                    <button
                      key={b.name}
                      type="button"
                      role="tab"
                      aria-selected={b === building}
                      className="fk-tab"
                      onClick={() => setTab(i)}
                    >
                      {b.name}
                    </button>
                  ))}
                </div>
                {building.floors.map((f) => (
                  <section key={f.floor} className="hi-card" aria-label={`${building.name}${f.floor}`}>
                    <h2>{f.floor}</h2>
                    <ul className="hi-places">
                      {f.places.map((p) => (
                        <li key={`${p.name}/${p.area}`} data-kind={p.kind}>
                          {p.name}
                          {p.area && <span className="hi-muted"> {p.area}</span>}
                        </li>
                      ))}
                    </ul>
                  </section>
                ))}
              </>
            ) : (
              <p className="hi-muted">暂无导航信息</p>
            )}
          </div>
        );
      }}
    </RemotePage>
  );
}
