import type { Response } from 'express';
import type { Context } from 'koa';
import { Action, ExpressDriver, KoaDriver } from 'routing-controllers';
import type { RequestContext } from '../context/RequestContext';
import { withApi } from './apiDriver';
import { CONTEXT } from './contextKey';
import { sendKoa, sendNode } from './sendRendered';

type WithContext = { [CONTEXT]: RequestContext };

/** routing-controllers' Express driver with this library's context and responses. */
export const ExpressApiDriver = withApi(ExpressDriver, {
  contextOf: (action: Action) => (action.request as WithContext)[CONTEXT],
  send: (action: Action, rendered) => {
    sendNode(action.response as Response, rendered);
    action.next?.();
  },
});

/** routing-controllers' Koa driver with this library's context and responses. */
export const KoaApiDriver = withApi(KoaDriver, {
  contextOf: (action: Action) => (action.context as WithContext)[CONTEXT],
  send: (action: Action, rendered) => {
    sendKoa(action.context as Context, rendered);
    return action.next?.();
  },
});
