// react-vant's shared variables (colours, paddings, radii) that its components' CSS refers to.
import 'react-vant/es/styles/css-variables.css';
import './styles.css';

export { Barcode, type BarcodeProps, QrCode, type QrCodeProps } from './codes.tsx';
export { AA, composite, contrastRatio, parseColor, type Rgba, relativeLuminance } from './contrast.ts';
export { EmptyState, type EmptyStateProps, type EmptyStateType } from './EmptyState.tsx';
export { defineFeature, type Feature, type FeatureRoute, type RouteMeta } from './feature.ts';
export {
  type AlertOptions,
  alert,
  type ConfirmOptions,
  confirm,
  hideLoading,
  isLoading,
  LAYER_BASE,
  preloadFeedback,
  showLoading,
  TOAST_DURATION,
  toast,
  withLoading,
} from './feedback.ts';
export { Spinner } from './Spinner.tsx';
export {
  applyTheme,
  DEFAULT_THEME,
  isElderMode,
  resolveTheme,
  setElderMode,
  THEMES,
  type ThemeName,
} from './theme.ts';
export { useCountdown } from './useCountdown.ts';
export { applyRootFontSize, hostTextScale, MAX_LAYOUT_WIDTH, rootFontSizeFor } from './viewport.ts';
