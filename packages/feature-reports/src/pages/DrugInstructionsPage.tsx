import { api } from '@patient/api-client';
import { getDrugInstructions } from '@patient/contract';
import { BadLink, RemotePage, useRemote } from '@patient/feature-kit';
import { useSearchParams } from 'react-router-dom';
import { isCode } from '../format.ts';
import { Sections } from '../views.tsx';
import '@patient/feature-kit/base.css';
import '../reports.css';

/**
 * 药品说明书 (/patientRecord/drugInstructions?drugCode=): name, specification and manufacturer, then the sections
 * patients look for, in the insert's order: 适应症, 用法用量, 不良反应, 禁忌, 注意事项, 贮藏.
 */
export default function DrugInstructionsPage() {
  const [query] = useSearchParams();
  const drugCode = query.get('drugCode');
  const valid = isCode(drugCode);
  const drug = useRemote(
    valid ? (signal) => api.request(getDrugInstructions, { params: { drugCode } }, { signal }) : null,
    drugCode ?? '',
  );
  if (!valid)
    return <BadLink page message="链接无效，请从处方重新进入" to="/patientRecord" back="查看健康档案" />;
  if (drug.data === null) {
    return <RemotePage remote={drug} loading="正在加载说明书..." failed="说明书加载失败" paddingTop={24} />;
  }
  const d = drug.data;
  return (
    <div className="fk-page">
      <div className="fk-card rp-head">
        <h2 className="rp-head__title">{d.name}</h2>
        <span className="rp-row__line">
          通用名：{d.genericName} · 规格：{d.specification}
        </span>
        <span className="rp-row__line">生产企业：{d.manufacturer}</span>
      </div>
      <Sections
        sections={[
          ['适应症', d.indications],
          ['用法用量', d.dosage],
          ['不良反应', d.adverseReactions],
          ['禁忌', d.contraindications],
          ['注意事项', d.precautions],
          ['贮藏', d.storage],
        ]}
      />
      <p className="fk-muted">请按医嘱或说明书用药，如有疑问请咨询医生或药师。</p>
    </div>
  );
}
