import type { Action } from 'routing-controllers';
import type { ActionMetadata } from 'routing-controllers/types/metadata/ActionMetadata';
import { AppState, requestStorage, RequestContext } from '../context/RequestContext';
import { checkRequestDocument } from '../jsonapi/documentChecks';
import { bodyCheck } from './bodyParam';
import { recordActionCall } from './actionCall';
import { checkWritable } from './writableCheck';
import { checkRelationship } from './relationshipCheck';
import { deriveRouteName } from '../routing/RouteRegistry';
import { readActionMetadata } from '../metadata/actionMetadata';

type Execute = (action: Action) => unknown;

/** How a driver reaches a request's context and reports an error in its own way. */
export interface DriverHooks {
  app: AppState;
  routePrefix: string;
  contextOf(action: Action): RequestContext;
  paramsOf(action: Action): Readonly<Record<string, unknown>> | undefined;
  onError(error: unknown, action: Action): unknown;
}

/**
 * Prepared once when an action's route is registered: the route gets its name and the decorators
 * are read. Each call then runs inside its request's context with the action's metadata and, for
 * a decorated action, its request query read and validated: a bad include, fields, sort, page or
 * callback fails before the action runs (and before anything it would write).
 */
export function wrapAction(action: ActionMetadata, hooks: DriverHooks, execute: Execute): Execute {
  const metadata = readActionMetadata(action.target, action.method);
  const checkBody = bodyCheck(action);
  // The template the log line names (a RegExp route is named by its source).
  const template = `${hooks.routePrefix}${String(action.fullRoute)}`;
  // `@Get('/')` under `/v1/books` is `/v1/books/`: logs and spans name it as clients write it.
  const shownRoute = template.length > 1 ? template.replace(/\/$/, '') : template;
  if (typeof action.fullRoute === 'string') {
    hooks.app.routes.add({
      name: deriveRouteName(action.controllerMetadata.route, action.method),
      method: action.type.toUpperCase(),
      path: template,
    });
  }
  const run = (call: Action, context: RequestContext) => {
    try {
      return requestStorage.run(context, () => {
        context.observation.setRoute(context.method, shownRoute);
        context.action = recordActionCall(context, metadata);
        checkRelationship(context);
        checkBody?.(context);
        const params = hooks.paramsOf(call);
        if (hooks.app.config.serializer === 'json-api') checkRequestDocument(context, params);
        checkWritable(context);
        return execute(call);
      });
    } catch (error) {
      return hooks.onError(error, call);
    }
  };
  return (call: Action) => {
    const context = hooks.contextOf(call);
    // Who is asking is known before the query is read: what it may name depends on it. An internal
    // request runs as its caller, resolved already.
    const resolve = context.depth === 0 ? hooks.app.principal : undefined;
    if (!resolve) return run(call, context);
    let principal: unknown;
    try {
      principal = resolve(call);
    } catch (error) {
      return hooks.onError(error, call);
    }
    if (!(principal instanceof Promise)) {
      context.principal = principal ?? null;
      return run(call, context);
    }
    return principal.then(
      (resolved: unknown) => {
        context.principal = resolved ?? null;
        return run(call, context);
      },
      (error: unknown) => hooks.onError(error, call),
    );
  };
}
