import { SourcesPanel } from '../booking/SourcesPanel.tsx';
import { useBookingParams, useSameDay } from '../schedule/routeParams.ts';
import { BadLink } from '../schedule/views.tsx';
import '../schedule/schedule.css';

/**
 * 选择时段 (/schedule/:type/:hospitalId/:departmentId/:doctorId/:deptId/:scheduleItemId, and /today/schedule/…):
 * the schedule's time slots with places left; choosing one locks it and opens /placeOrder/:orderId.
 * :type is the schedule's source type, :doctorId '0' for a department clinic.
 */
export default function SchedulePage() {
  const sameDay = useSameDay();
  const parsed = useBookingParams({
    type: 'sourceType',
    hospitalId: 'id',
    departmentId: 'id',
    doctorId: 'id',
    deptId: 'hisCode',
    scheduleItemId: 'id',
  });
  if (!parsed.ok) return <BadLink message={parsed.message} sameDay={sameDay} />;
  const { hospitalId, scheduleItemId } = parsed.values;
  return (
    <div className="ap-page">
      <SourcesPanel hospitalId={hospitalId} scheduleItemId={scheduleItemId} />
    </div>
  );
}
