import { api, isCancelled } from '@patient/api-client';
import {
  type EndpointResult,
  getNationalityEthnicityOccupation,
  getProvincesCitiesCounties,
  type Region,
} from '@patient/contract';
import { useCallback, useEffect, useState } from 'react';

export type PeopleDictionary = EndpointResult<typeof getNationalityEthnicityOccupation>;

const regionCache = new Map<string, Promise<Region[]>>();
const peopleCache = new Map<string, Promise<PeopleDictionary>>();

/** Loads once per hospital and page life; a failed load is forgotten so that a retry asks again. */
function cached<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let entry = cache.get(key);
  if (!entry) {
    entry = load();
    cache.set(key, entry);
    entry.catch(() => cache.delete(key));
  }
  return entry;
}

/** Provinces, cities and counties of the hospital's HIS (getProCountiesInfo). */
export function loadRegions(hospitalId: string): Promise<Region[]> {
  return cached(regionCache, hospitalId, () =>
    api.request(getProvincesCitiesCounties, { params: { hospitalId } }, { silent: true }),
  );
}

/** Nationalities, ethnic groups and occupations of the hospital's HIS (getNatEthOccInfo). */
export function loadPeopleDictionary(hospitalId: string): Promise<PeopleDictionary> {
  return cached(peopleCache, hospitalId, () =>
    api.request(getNationalityEthnicityOccupation, { params: { hospitalId } }, { silent: true }),
  );
}

/** Forgets the loaded dictionaries (tests). */
export function clearDictionaries(): void {
  regionCache.clear();
  peopleCache.clear();
}

export interface Dictionary<T> {
  data: T | null;
  state: 'loading' | 'ready' | 'error';
  retry(): void;
}

/**
 * A dictionary the forms offer as choices. They are optional extras: a failure is shown beside the field with
 * a retry (no toast), and the rest of the form works without it.
 */
export function useDictionary<T>(
  hospitalId: string | null,
  load: (hospitalId: string) => Promise<T>,
): Dictionary<T> {
  const [data, setData] = useState<T | null>(null);
  const [state, setState] = useState<Dictionary<T>['state']>('loading');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!hospitalId) {
      setState('error');
      return;
    }
    let live = true;
    setState('loading');
    load(hospitalId).then(
      (value) => {
        if (!live) return;
        setData(value);
        setState('ready');
      },
      (error: unknown) => {
        if (live && !isCancelled(error)) setState('error');
      },
    );
    return () => {
      live = false;
    };
  }, [hospitalId, load, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, state, retry };
}
