import type { AppState } from '../context/RequestContext';

/** The only app wired with useApi() in this process; `several` once a second one is wired. */
let wired: AppState | 'several' | undefined;

/** Records an app wired with useApi(): the Api service serves it outside a request while it is the only one. */
export function setDefaultApp(app: AppState): void {
  wired = wired === undefined || wired === app ? app : 'several';
}

/**
 * The app the Api service serves outside of any request: the only one wired in the process;
 * `several` when more than one is (none is chosen for the caller: one app's routes, hosts and
 * limits would serve another's call); undefined before any.
 */
export function getDefaultApp(): AppState | 'several' | undefined {
  return wired;
}
