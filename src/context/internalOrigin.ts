import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { SpanLike } from '../observe/tracing';
import type { SharedBudget } from './SharedBudget';

/** What the in-process dispatcher tells the requests it makes; a client cannot forge a symbol. */
export interface InternalOrigin {
  /** Internal calls deep: 1 for a call made by a client's request. */
  depth: number;
  /** The calling request's protocol, so that links made inside stay `https` behind TLS. */
  protocol: string;
  /** The internal request's id (its caller's with a suffix), and its caller's. */
  requestId?: string;
  parentId?: string;
  /** The internal call's span: the inner request's is its child. */
  parentSpan?: SpanLike;
  /** The caller's budget: the inner answer draws on it too. */
  budget?: SharedBudget;
  /** Who the caller is: the inner request runs as its caller, with no rights of its own. */
  principal?: unknown;
}

export const INTERNAL_ORIGIN = Symbol('rca.internalOrigin');

/** The connection's protocol and the call depth of a request (0 for a client's); an internal one's ids. */
export function connectionOf(req: IncomingMessage): InternalOrigin {
  const internal = (req as IncomingMessage & { [INTERNAL_ORIGIN]?: InternalOrigin })[INTERNAL_ORIGIN];
  if (internal) return internal;
  return { protocol: (req.socket as TLSSocket | undefined)?.encrypted ? 'https' : 'http', depth: 0 };
}
