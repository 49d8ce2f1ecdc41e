import { Link, useNavigate } from 'react-router-dom';
import { CardChooser } from '../CardChooser.tsx';
import { ContactGate } from '../ContactGate.tsx';
import { resultListPath } from '../format.ts';
import '@patient/feature-kit/base.css';
import '../reports.css';

/**
 * 报告查询 (/searchReport, loads patients): a contact, then one of the contact's cards at this hospital → the
 * report list. A contact without a card here → how to get one. Also: 电子健康卡查询, 跨院报告查询.
 */
export default function ReportSearchPage() {
  const navigate = useNavigate();
  return (
    <div className="fk-page">
      <ContactGate what="报告">
        {(contact, hospitalId) => (
          <CardChooser contact={contact} hospitalId={hospitalId}>
            {(card) => (
              <button
                type="button"
                className="fk-button fk-button--primary fk-button--block"
                onClick={() => navigate(resultListPath(card.cardId, hospitalId, contact.contactId))}
              >
                查询报告
              </button>
            )}
          </CardChooser>
        )}
      </ContactGate>
      <h2 className="fk-section-title">更多查询方式</h2>
      <div className="fk-card rp-actions">
        <Link className="fk-link" to="/searchReportHealthCard">
          电子健康卡查询
        </Link>
        <Link className="fk-link" to="/gapReport">
          跨院报告查询
        </Link>
      </div>
    </div>
  );
}
