import type { AppState } from '../context/RequestContext';

let defaultApp: AppState | undefined;

/** The app the Api service serves outside of any request: the last one wired with useApi(). */
export function setDefaultApp(app: AppState): void {
  defaultApp = app;
}

export function getDefaultApp(): AppState | undefined {
  return defaultApp;
}
