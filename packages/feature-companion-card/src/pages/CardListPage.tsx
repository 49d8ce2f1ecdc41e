import { NeedsHospital } from '@patient/feature-kit';
import { Link } from 'react-router-dom';
import { CardRows } from '../CardRows.tsx';
import { CARD_STATUSES } from '../format.ts';
import { APPLICATIONS_PATH, APPLY_PATH, EFFECTIVE_PATH } from '../paths.ts';
import '@patient/feature-kit/base.css';
import '../companion.css';

/**
 * 陪护证 (/patientCareCard/list): the way in. 申请陪护证, 出示二维码 and 申请记录 on top; below, the account's
 * cards (effective, cancelled, expired at discharge), each → its detail.
 */
export default function CardListPage() {
  return (
    <NeedsHospital>
      {(hospitalId) => (
        <div className="fk-page">
          <nav className="cc-actions" aria-label="陪护证服务">
            <Link className="fk-button fk-button--primary" to={APPLY_PATH}>
              申请陪护证
            </Link>
            <Link className="fk-button" to={EFFECTIVE_PATH}>
              出示二维码
            </Link>
            <Link className="fk-button" to={APPLICATIONS_PATH}>
              申请记录
            </Link>
          </nav>
          <h2 className="fk-section-title">我的陪护证</h2>
          <CardRows
            hospitalId={hospitalId}
            statuses={CARD_STATUSES}
            label="我的陪护证"
            empty={{ text: '暂无陪护证，申请通过后会显示在这里' }}
          />
        </div>
      )}
    </NeedsHospital>
  );
}
