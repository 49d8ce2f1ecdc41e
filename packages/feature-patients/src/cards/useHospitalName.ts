import { api } from '@patient/api-client';
import { useAppState } from '@patient/app-state';
import { getHospitalDescription } from '@patient/contract';
import { useRemote } from '@patient/feature-kit';

/** The name of a hospital: the app's own from the state, another's from its description (null until known). */
export function useHospitalName(hospitalId: string | null): string | null {
  const ownId = useAppState((s) => s.hospitalId);
  const ownName = useAppState((s) => s.hospitalName);
  const own = hospitalId !== null && hospitalId === ownId && ownName !== null;
  const other = useRemote(
    hospitalId === null || own
      ? null
      : (signal) =>
          api
            .request(getHospitalDescription, { params: { hospitalId } }, { signal, silent: true })
            .then((d) => d.hospitalName),
    hospitalId ?? '',
  );
  return own ? ownName : other.data;
}
