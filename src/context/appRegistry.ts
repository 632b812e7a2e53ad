import type { AppState } from './RequestContext';

/** Where useApi() keeps an app's state: a global symbol, so that two copies of the library find each other's apps. */
const APP_STATE = Symbol.for('routing-controllers-api:app');

/** Gives an app the state useApi() made for it (once: the property is neither writable nor configurable). */
export function attachApiState(app: unknown, state: AppState): void {
  Object.defineProperty(app as object, APP_STATE, { value: state });
}

/**
 * The state useApi() gave an app: its framework, config and named routes.
 *
 * @example
 * apiStateOf(app)?.config.serializer; // 'array'
 */
export function apiStateOf(app: unknown): AppState | undefined {
  return (app as { [APP_STATE]?: AppState } | undefined)?.[APP_STATE];
}
