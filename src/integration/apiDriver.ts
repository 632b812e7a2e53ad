import type { Action } from 'routing-controllers';
import type { ActionMetadata } from 'routing-controllers/types/metadata/ActionMetadata';
import type { AppState, RequestContext } from '../context/RequestContext';
import { ApiResponse } from '../response/ApiResponse';
import type { RenderedResponse } from '../response/RenderedResponse';
import { wrapAction } from './actionHooks';

/** What differs between the frameworks: where a request's context hangs, how an answer is written. */
export interface DriverAdapter {
  contextOf(action: Action): RequestContext;
  /** The route parameters the router matched (`:id`). */
  paramsOf(action: Action): Readonly<Record<string, unknown>> | undefined;
  send(action: Action, rendered: RenderedResponse): unknown;
}

/** The parts of routing-controllers' drivers this library extends. */
interface Driver {
  routePrefix: string;
  registerAction(action: ActionMetadata, execute: (options: Action) => unknown): void;
  handleSuccess(result: unknown, action: ActionMetadata, options: Action): unknown;
  handleError(error: unknown, action: ActionMetadata | undefined, options: Action): unknown;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type DriverClass = new (...args: any[]) => Driver;

/**
 * A routing-controllers driver, plus: each action runs in its request's context with its metadata
 * at hand (interceptors cannot see which action ran), and `ApiResponse` results are rendered.
 */
export function withApi<T extends DriverClass>(Base: T, adapter: DriverAdapter) {
  return class ApiDriver extends Base {
    /** Set right after construction by useApi(). */
    declare state: AppState;
    /** Set by useApi(): the validation options of `@QueryParams()` classes that do not give their own. */
    declare queryValidation: object | undefined;

    override registerAction(actionMetadata: ActionMetadata, executeCallback: (options: Action) => unknown): void {
      for (const param of actionMetadata.params) {
        if (param.type === 'queries' && param.validate === undefined && this.queryValidation) param.validate = this.queryValidation;
      }
      const hooks = {
        app: this.state,
        routePrefix: this.routePrefix ?? '',
        contextOf: (action: Action) => adapter.contextOf(action),
        paramsOf: (action: Action) => adapter.paramsOf(action),
        onError: (error: unknown, action: Action) => this.handleError(error, actionMetadata, action),
      };
      super.registerAction(actionMetadata, wrapAction(actionMetadata, hooks, executeCallback));
    }

    override handleSuccess(result: unknown, action: ActionMetadata, options: Action): unknown {
      if (!(result instanceof ApiResponse)) return super.handleSuccess(result, action, options);
      return result.render().then((rendered) => {
        // A 5xx an action built itself (json().error(err), internalError()) is an error all the same.
        const status = result.getStatusCode();
        if (status >= 500) this.state.onError?.(result.getError() ?? new Error(`${status} answered by the action`), status);
        return adapter.send(options, rendered);
      });
    }
  };
}
