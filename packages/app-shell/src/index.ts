export { cancellingHistory, clearStoredCache, createHospitalApp } from './create-hospital-app.tsx';
export {
  answerElderOffer,
  ELDER_MODE_SETTING,
  ELDER_OFFER_SETTING,
  ELDER_PARAM,
  elderChoiceFromLink,
  LARGE_HOST_TEXT,
  resolveElderMode,
  startElderMode,
  switchElderMode,
} from './elder-mode.ts';
export { STANDARD_FEATURES } from './features.ts';
export { SERVICE_ENTRIES, type ServiceEntry } from './homepage/services.ts';
export { useRouteMeta } from './route-page.tsx';
export {
  AppRoutes,
  buildRouteTable,
  type RouteDependencies,
  type RouteTable,
  type ShellRoute,
} from './routes.tsx';
export {
  hospitalIdFrom,
  SESSION_KEY_COOKIE,
  SESSION_KEY_PARAM,
  takeSessionKeyFromUrl,
} from './session-key.ts';
export { AREA_TITLES, SPEC_ROUTES, type SpecRoute } from './spec-routes.ts';
export { startUp } from './startup.ts';
