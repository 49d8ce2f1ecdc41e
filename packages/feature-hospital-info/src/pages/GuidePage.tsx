import { api } from '@patient/api-client';
import { getMedicalGuide } from '@patient/contract';
import { RemotePage, useHospitalRemote } from '@patient/feature-kit';
import { Link } from 'react-router-dom';
import '@patient/feature-kit/base.css';
import '../info.css';

/** 就医指南 (/medicalGuidance): the visit step by step (book, sign in, wait, pay, tests and drugs, reports), each with its screen. */
export default function GuidePage() {
  const { hospitalId, remote } = useHospitalRemote((id, signal) =>
    api.request(getMedicalGuide, { params: { hospitalId: id } }, { signal }),
  );
  return (
    <RemotePage
      hospitalId={hospitalId}
      remote={remote}
      loading="正在加载就医指南..."
      failed="就医指南加载失败"
    >
      {(steps) => (
        <div className="fk-page">
          <ol className="fk-list" aria-label="就诊流程">
            {steps.map((step, i) => (
              <li key={step.title} className="hi-card hi-step">
                <h2>
                  {i + 1}. {step.title}
                </h2>
                {step.text.map((t) => (
                  <p key={t}>{t}</p>
                ))}
                {step.path && step.action && (
                  <Link className="fk-text-button" to={step.path}>
                    {step.action} ›
                  </Link>
                )}
              </li>
            ))}
          </ol>
        </div>
      )}
    </RemotePage>
  );
}
