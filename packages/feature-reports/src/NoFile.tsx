import { useAppState } from '@patient/app-state';
import { Link, useSearchParams } from 'react-router-dom';
import { useHospitalId } from './hospital.ts';
import { Sections } from './views.tsx';

/**
 * The page for a contact the hospital has no record of: why nothing shows, and the ways to file one (online
 * through the card binding of the contact, or at the hospital's counter).
 */
export function NoFile({ what }: { what: string }) {
  const [query] = useSearchParams();
  const hospitalId = useHospitalId();
  const contacts = useAppState((s) => s.contacts);
  const contact = contacts.find((c) => c.contactId === query.get('contactId'));
  const fileLink =
    contact && hospitalId
      ? `/addContactCard/${contact.contactId}/${hospitalId}/${encodeURIComponent(contact.contactDO.documentNumber)}/${encodeURIComponent(contact.contactDO.name)}`
      : '/contactList';
  return (
    <div className="fk-page">
      <Sections
        level={2}
        sections={[
          ['为什么看不到', `该就诊人在本院还没有建立档案，因此暂无${what}。在本院就诊过的患者会自动建档。`],
          [
            '在线建档',
            '在就诊人的“添加就诊卡”中选择“在线建档”，核对信息后即可生成本院就诊卡，建档后即可查询。',
          ],
          ['窗口建档', '携带本人有效身份证件到门诊大厅挂号收费窗口或自助机办理。'],
        ]}
      />
      <div className="rp-actions">
        <Link className="fk-button fk-button--primary" to={fileLink}>
          {contact ? '去建档' : '管理就诊人'}
        </Link>
      </div>
    </div>
  );
}
