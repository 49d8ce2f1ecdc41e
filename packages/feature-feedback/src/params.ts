import { useParams } from 'react-router-dom';

/** Ids in links: letters, digits, _ and - (as the contract's `id()`). */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The route's ids by name, or null when one is missing or malformed (the screen then sends nothing). */
export function useIds<K extends string>(...names: K[]): Record<K, string> | null {
  const params = useParams();
  const out = {} as Record<K, string>;
  for (const name of names) {
    const value = params[name];
    if (!value || !ID.test(value)) return null;
    out[name] = value;
  }
  return out;
}

/** Where each questionnaire's success page is (the spec's 'success variant' of each route). */
export const SUCCESS_PATHS = {
  SATISFACTION: '/feedback/satisfySuccess',
  SCALE: '/feedback/scanScaleSuccess',
  MISSION: '/feedback/missionSuccess',
} as const;
