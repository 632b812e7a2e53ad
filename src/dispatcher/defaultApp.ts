import type { AppState } from '../context/RequestContext';
import { ApiError } from '../errors/ApiError';

/** The only app wired with useApi() in this process; `several` once a second one is wired. */
let wired: AppState | 'several' | undefined;

/** Records an app wired with useApi(): the Api service serves it outside a request while it is the only one. */
export function setDefaultApp(app: AppState): void {
  wired = wired === undefined || wired === app ? app : 'several';
}

/**
 * The app the Api service serves outside of any request: the only one wired in the process. With
 * several, none is chosen for the caller (one app's config, hosts or routes would serve another's
 * call): such a call is an error that names `api.forApp(app)`.
 */
export function getDefaultApp(): AppState | undefined {
  if (wired === 'several') throw new ApiError('RCA_API_SEVERAL_APPS');
  return wired;
}
