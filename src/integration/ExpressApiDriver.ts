import type { Request, Response } from 'express';
import { Action, ExpressDriver } from 'routing-controllers';
import type { ActionMetadata } from 'routing-controllers/types/metadata/ActionMetadata';
import type { AppState, RequestContext } from '../context/RequestContext';
import { ApiResponse } from '../response/ApiResponse';
import { wrapAction } from './actionHooks';
import { CONTEXT } from './contextKey';
import { sendNode } from './sendRendered';

/**
 * routing-controllers' Express driver, plus: each action runs in its request's context with its
 * metadata at hand (interceptors cannot see which action ran), and `ApiResponse` results are rendered.
 */
export class ExpressApiDriver extends ExpressDriver {
  constructor(
    express: unknown,
    private readonly state: AppState,
  ) {
    super(express);
  }

  override registerAction(actionMetadata: ActionMetadata, executeCallback: (options: Action) => unknown): void {
    const execute = wrapAction(actionMetadata, {
      app: this.state,
      routePrefix: this.routePrefix ?? '',
      contextOf: (action) => (action.request as Request & { [CONTEXT]: RequestContext })[CONTEXT],
      onError: (error, action) => this.handleError(error, actionMetadata, action),
    }, executeCallback);
    super.registerAction(actionMetadata, execute);
  }

  override handleSuccess(result: unknown, action: ActionMetadata, options: Action): unknown {
    if (!(result instanceof ApiResponse)) return super.handleSuccess(result, action, options);
    return result.render().then((rendered) => {
      sendNode(options.response as Response, rendered);
      options.next?.();
    });
  }
}
