import type { Action } from 'routing-controllers';
import type { ActionMetadata } from 'routing-controllers/types/metadata/ActionMetadata';
import { AppState, requestStorage, RequestContext } from '../context/RequestContext';
import { PAGE_REQUEST, readPageRequest } from '../pagination/pageRequest';
import { NARROWED_INCLUDES } from '../response/render';
import { readSortRequest, SORT_REQUEST } from '../sort/parseSort';
import { deriveRouteName } from '../routing/RouteRegistry';
import { ACTION_METADATA, readActionMetadata } from './actionMetadata';

type Execute = (action: Action) => unknown;

/** How a driver reaches a request's context and reports an error in its own way. */
export interface DriverHooks {
  app: AppState;
  routePrefix: string;
  contextOf(action: Action): RequestContext;
  onError(error: unknown, action: Action): unknown;
}

/**
 * Prepared once when an action's route is registered: the route gets its name and the decorators
 * are read. Each call then runs inside its request's context with the action's metadata and its
 * validated page and sort requests in place, so a bad `page` or `sort` fails before the action runs.
 */
export function wrapAction(action: ActionMetadata, hooks: DriverHooks, execute: Execute): Execute {
  const metadata = readActionMetadata(action.target, action.method);
  if (typeof action.fullRoute === 'string') {
    hooks.app.routes.add({
      name: deriveRouteName(action.controllerMetadata.route, action.method),
      method: action.type.toUpperCase(),
      path: `${hooks.routePrefix}${action.fullRoute}`,
    });
  }
  return (call: Action) => {
    const context = hooks.contextOf(call);
    try {
      return requestStorage.run(context, () => {
        context.slots.set(ACTION_METADATA, metadata);
        if (metadata.includes) context.slots.set(NARROWED_INCLUDES, metadata.includes);
        if (metadata.paginated) context.slots.set(PAGE_REQUEST, readPageRequest(context, metadata.paginated));
        context.slots.set(SORT_REQUEST, readSortRequest(context, metadata.sortable));
        return execute(call);
      });
    } catch (error) {
      return hooks.onError(error, call);
    }
  };
}
