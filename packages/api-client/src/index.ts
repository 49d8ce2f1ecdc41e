export { BROWSER_CHANNEL, CHANNEL_HEADER, type ChannelType, detectChannel } from './channel.ts';
export {
  type ApiClient,
  type ApiClientOptions,
  type ApiUi,
  createApiClient,
  type RequestOptions,
} from './client.ts';
export { ApiError, type ApiErrorDetails, type ApiErrorKind, isCancelled } from './errors.ts';
export { LOGIN_PATH, loginPath, MESSAGES, STAFF_SIGN_IN_PATH, TOAST_MS } from './messages.ts';
export { ServerClock, serverClock, serverNow } from './server-clock.ts';
export { api, configureApi } from './singleton.ts';
