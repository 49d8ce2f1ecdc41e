import { api } from '@patient/api-client';
import { getHospitalIntroduction, listHospitalNotices } from '@patient/contract';
import { RemotePage, useHospitalRemote } from '@patient/feature-kit';
import { Link } from 'react-router-dom';
import '@patient/feature-kit/base.css';
import '../info.css';

/**
 * 医院信息 (/hospitalinfo): where the hospital is and how to reach it — address, hours, hotlines (tap to call),
 * transport — and the latest notices (→ 就诊须知). Links to 院内导航 and 就医指南.
 */
export default function HospitalInfoPage() {
  const { hospitalId, remote } = useHospitalRemote(async (id, signal) => {
    const [intro, notices] = await Promise.all([
      api.request(getHospitalIntroduction, { params: { hospitalId: id } }, { signal }),
      api.request(listHospitalNotices, { params: { hospitalId: id } }, { signal }),
    ]);
    return { intro, notices };
  });
  return (
    <RemotePage
      hospitalId={hospitalId}
      remote={remote}
      loading="正在加载医院信息..."
      failed="医院信息加载失败"
    >
      {({ intro, notices }) => (
        <div className="fk-page">
          <section className="hi-card" aria-label="医院地址">
            <h2>{intro.name}</h2>
            <p>地址：{intro.address}</p>
          </section>
          <section className="hi-card" aria-label="就诊时间">
            <h2>就诊时间</h2>
            <ul>
              {intro.hours.map((h) => (
                <li key={h}>{h}</li>
              ))}
            </ul>
          </section>
          <section className="hi-card" aria-label="联系电话">
            <h2>联系电话</h2>
            {intro.hotlines.map((line) => (
              <a key={line.number} className="hi-phone" href={`tel:${line.number}`}>
                <span>{line.label}</span>
                <strong>{line.number}</strong>
              </a>
            ))}
          </section>
          <section className="hi-card" aria-label="交通指引">
            <h2>交通指引</h2>
            <ul>
              {intro.transport.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
          </section>
          <div className="fk-actions">
            <Link className="fk-button" to="/hospitalNavigation">
              院内导航
            </Link>
            <Link className="fk-button" to="/medicalGuidance">
              就医指南
            </Link>
          </div>
          <h2 className="fk-section-title">医院公告</h2>
          {notices.length === 0 ? (
            <p className="hi-muted">暂无公告</p>
          ) : (
            <ul className="fk-list" aria-label="医院公告">
              {notices.slice(0, 3).map((n) => (
                <li key={n.noticeId} className="hi-card">
                  <Link className="fk-link" to={`/guidelines#notice-${n.noticeId}`}>
                    {n.title}
                  </Link>
                  <span className="hi-muted"> {n.publishedAt}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </RemotePage>
  );
}
