import { api } from '@patient/api-client';
import { getHospitalIntroduction } from '@patient/contract';
import { InfoList, RemotePage, useHospitalRemote } from '@patient/feature-kit';
import { useHospitalConfig } from '@patient/hospital-config';
import '@patient/feature-kit/base.css';
import '../info.css';

/**
 * 医院介绍 (/hosIntroduction): the banner of the app's build, then what the service holds: the name and its
 * class, the facts (level, founded, beds, address), the website and the introduction.
 */
export default function IntroductionPage() {
  const config = useHospitalConfig();
  const { hospitalId, remote } = useHospitalRemote((id, signal) =>
    api.request(getHospitalIntroduction, { params: { hospitalId: id } }, { signal }),
  );
  return (
    <RemotePage
      hospitalId={hospitalId}
      remote={remote}
      loading="正在加载医院介绍..."
      failed="医院介绍加载失败"
    >
      {(intro) => (
        <div className="fk-page">
          {config.homepage.banners[0] && (
            <img className="hi-banner" src={config.homepage.banners[0]} alt={`${intro.name}外景`} />
          )}
          <section className="hi-card" aria-label={intro.name}>
            <h2>{intro.name}</h2>
            <p className="hi-muted">{intro.subtitle}</p>
          </section>
          <InfoList label="医院概况" rows={intro.facts.map((f) => [f.title, f.value])} />
          <section className="hi-card" aria-label="医院简介">
            <h2>医院简介</h2>
            {intro.introduction.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </section>
          <p className="hi-muted">
            官方网站：
            <a className="fk-link" href={intro.website} target="_blank" rel="noreferrer noopener">
              {intro.website.replace(/^https?:\/\//, '')}
            </a>
          </p>
        </div>
      )}
    </RemotePage>
  );
}
