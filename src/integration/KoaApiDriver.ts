import type { Context } from 'koa';
import { Action, KoaDriver } from 'routing-controllers';
import type { ActionMetadata } from 'routing-controllers/types/metadata/ActionMetadata';
import type { AppState, RequestContext } from '../context/RequestContext';
import { ApiResponse } from '../response/ApiResponse';
import { wrapAction } from './actionHooks';
import { CONTEXT } from './contextKey';
import { sendKoa } from './sendRendered';

/**
 * routing-controllers' Koa driver, plus: each action runs in its request's context with its
 * metadata at hand, and `ApiResponse` results are rendered.
 */
export class KoaApiDriver extends KoaDriver {
  constructor(
    koa: unknown,
    private readonly state: AppState,
  ) {
    super(koa);
  }

  override registerAction(actionMetadata: ActionMetadata, executeCallback: (options: Action) => unknown): void {
    const execute = wrapAction(actionMetadata, {
      app: this.state,
      routePrefix: this.routePrefix ?? '',
      contextOf: (action) => (action.context as Context & { [CONTEXT]: RequestContext })[CONTEXT],
      onError: (error, action) => this.handleError(error, actionMetadata, action),
    }, executeCallback);
    super.registerAction(actionMetadata, execute);
  }

  override handleSuccess(result: unknown, action: ActionMetadata, options: Action): unknown {
    if (!(result instanceof ApiResponse)) return super.handleSuccess(result, action, options);
    return result.render().then((rendered) => {
      sendKoa(options.context as Context, rendered);
      return options.next?.();
    });
  }
}
