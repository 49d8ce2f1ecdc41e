import { BadLink as KitBadLink } from '@patient/feature-kit';
import { maskIdCard, maskName } from '@patient/validation';
import '@patient/feature-kit/base.css';
import './cards.css';

/**
 * A link that leads nowhere (its parameters are missing or malformed, or what it names is gone): say so, send
 * nothing, offer the way back.
 */
export function BadLink({ message }: { message: string }) {
  return <KitBadLink message={message} to="/contactList" back="返回就诊人管理" />;
}

/** Who the screen is about, masked: 张* · 11010*************, and the hospital. */
export function PersonSummary({
  name,
  identityCard,
  hospitalName,
}: {
  name: string;
  identityCard?: string;
  hospitalName?: string | null;
}) {
  return (
    <section className="fk-card mc-person" aria-label="就诊人">
      <span className="mc-person__avatar" aria-hidden="true">
        {Array.from(name)[0] ?? ''}
      </span>
      <div className="mc-person__text">
        <p className="mc-person__name">{maskName(name)}</p>
        {identityCard && <p className="mc-person__meta">证件号码 {maskIdCard(identityCard)}</p>}
        {hospitalName && <p className="mc-person__meta">{hospitalName}</p>}
      </div>
    </section>
  );
}
