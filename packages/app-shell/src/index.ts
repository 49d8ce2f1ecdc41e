export {
  cancellingHistory,
  clearStoredCache,
  createHospitalApp,
  type Features,
} from './create-hospital-app.tsx';
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
export { SERVICE_ENTRIES, type ServiceEntry } from './homepage/services.ts';
export { loadStandardFeatures } from './load-features.ts';
export { useRouteMeta } from './route-page.tsx';
export {
  AppRoutes,
  homepageRoutes,
  type RouteDependencies,
  type RouteTable,
  type ShellRoute,
  type StagedRouteTable,
  stagedRouteTable,
} from './routes.tsx';
export {
  dropSessionKeyFromUrl,
  hospitalIdFrom,
  SESSION_KEY_COOKIE,
  SESSION_KEY_PARAM,
  takeSessionKeyFromUrl,
} from './session-key.ts';
export { startUp } from './startup.ts';
export { applyServiceTheme, knownTheme, rememberedTheme, themeBootScript } from './theme.ts';
