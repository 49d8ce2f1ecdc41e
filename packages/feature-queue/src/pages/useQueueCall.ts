import { api } from '@patient/api-client';
import { getQueueCall, type QueueCall, queueEventsPath } from '@patient/contract';
import { useParams } from 'react-router-dom';
import { useHospitalId } from '../hospital.ts';
import { type Live, useLive } from '../live.ts';
import { isQueueId } from '../paths.ts';

/** The queue of the route's `:id` (its `:name` until it loads), live. */
export function useQueueCall(): {
  hospitalId: string | null;
  queueId: string | null;
  name: string;
  call: Live<QueueCall>;
} {
  const { id, name = '' } = useParams();
  const hospitalId = useHospitalId();
  const queueId = isQueueId(id) ? id : null;
  const call = useLive<QueueCall>(
    hospitalId && queueId
      ? (signal) => api.request(getQueueCall, { params: { hospitalId, queueId } }, { signal })
      : null,
    hospitalId && queueId ? queueEventsPath(hospitalId, { queueId }) : null,
    'call',
    `${hospitalId}/${queueId}`,
  );
  return { hospitalId, queueId, name, call };
}
