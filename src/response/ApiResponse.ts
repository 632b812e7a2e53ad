import { isModel } from '../loader/isModel';
import type { Model, ModelStatic } from 'sequelize';
import { actionResourceKey, actionTransformer } from '../metadata/actionMetadata';
import { currentContext, RequestContext } from '../context/RequestContext';
import { ApiError } from '../errors/ApiError';
import { describeError, statusText } from '../errors/describeError';
import { JSON_API_MEDIA_TYPE } from '../jsonapi/errorDocument';
import { fieldPointer, onlyMissingRelated } from '../jsonapi/errorPointers';
import type { Page } from '../pagination/Page';
import type { CursorPage } from '../pagination/cursor';
import { CollectionResource, ItemResource } from '../transformer/Resource';
import type { TransformerLike } from '../transformer/Resource';
import { debugBlock, messageBody } from './messageBody';
import { errorBody } from './errorBody';
import { render } from './render';
import { ResponseState } from './ResponseState';
import type { RenderedResponse } from './RenderedResponse';

/** A transformer argument: a Transformer, or a function from model to fields. */
export type TransformerArg<M> = TransformerLike | ((model: M) => Record<string, unknown>);

/** A message for the error helpers: text, an object or a list (e.g. field errors). */
export type ErrorMessage = string | Record<string, unknown> | unknown[];

const isErrorLike = (value: unknown): boolean =>
  value instanceof Error || (typeof value === 'object' && value !== null && ('httpCode' in value || 'statusCode' in value));

/**
 * The response builder behind `json()`. Every method returns the builder; an action returns it
 * and the library sends it (status, headers, body or JSONP) after transforming what it holds.
 *
 * @example
 * return json().setMeta({ version: 1 }).withPagination(page, new BookTransformer());
 */
export class ApiResponse extends ResponseState {
  constructor(private readonly context: RequestContext = currentContext('json()')) {
    super();
  }

  /** Sends `payload` as the body (models become plain objects), with `meta` when set. */
  respond(payload: unknown): this {
    this.body = { kind: 'payload', payload };
    return this;
  }

  /** A collection (array, Set, Sequelize result list), transformed when a transformer is given. */
  withCollection<M>(items: Iterable<M>, transformer?: TransformerArg<M>, resourceKey?: string): this {
    this.body = { kind: 'resource', resource: new CollectionResource(items, transformer, resourceKey) };
    return this;
  }

  /** One item, transformed when a transformer is given. */
  withItem<M>(item: M, transformer?: TransformerArg<M>, resourceKey?: string): this {
    this.body = { kind: 'resource', resource: new ItemResource(item, transformer, resourceKey) };
    return this;
  }

  /** A page of a collection with `meta.pagination` (total, count, per_page, current_page, total_pages, links). */
  withPagination<M>(page: Page<M> | CursorPage<M>, transformer?: TransformerArg<M>, resourceKey?: string): this {
    const resource = new CollectionResource(page.items, transformer, resourceKey);
    this.body = { kind: 'resource', resource, page };
    return this;
  }

  /**
   * `{ "success": { "code": <status>, "message": ... } }` in the configured `successFormat`; in
   * json-api mode that body is the `meta` of a JSON:API document (one without primary data).
   */
  success(message: ErrorMessage = 'Success'): this {
    return this.respond(messageBody(this.context.app.config.successFormat, this.status, message));
  }

  /**
   * 201: a model through its transformer (the one given, else the action's `@Transformer`), so that
   * a field the transformer leaves out (a password hash) never goes out; in json-api mode that is the
   * resource document JSON:API requires. A model with no transformer at all as its plain attributes;
   * a string or object in the success format. A model gets a `Location` header: the URL of the
   * route that answers a GET for it, the request's path and its key (`POST /v1/books` ->
   * `/v1/books/209`), when the app has one.
   */
  created<M>(payload: M | string = 'Created', transformer?: TransformerArg<M>, resourceKey?: string): this {
    this.status = 201;
    if (typeof payload === 'string') return this.success(payload);
    if (isModel(payload) && this.headers.location === undefined) this.locate(payload);
    const using = transformer ?? (isModel(payload) ? actionTransformer(this.context) : undefined);
    if (using) return this.withItem(payload, using, resourceKey ?? (transformer ? undefined : actionResourceKey(this.context)));
    if (isModel(payload)) return this.respond(payload.get({ plain: true }));
    return this.success(payload as ErrorMessage);
  }

  /**
   * An error body. Given an error, status and message come from it (4xx messages only, unless
   * debug); given a message, the status set before is kept when it is >= 400, else 400.
   */
  error(messageOrError?: ErrorMessage | Error | null): this {
    const { config } = this.context.app;
    let status = this.status >= 400 ? this.status : 400;
    let message: unknown = messageOrError ?? statusText(status);
    let cause: unknown;
    this.failure = messageOrError ?? undefined;
    if (messageOrError instanceof ApiError && messageOrError.relayedBody !== undefined) return this.relay(messageOrError);
    if (isErrorLike(messageOrError)) {
      let headers: Record<string, string>;
      ({ status, message, cause, headers } = describeError(messageOrError, config.debug));
      this.setHeaders(headers);
    }
    // JSON:API 1.1: a relationship naming a row that does not exist is a 404.
    if (config.serializer === 'json-api' && status === 422 && onlyMissingRelated(this.context, messageOrError)) status = 404;
    this.status = status;
    const debug = config.debug && cause !== undefined ? { ...debugBlock(cause), request_id: this.context.requestId } : undefined;
    const known = messageOrError instanceof ApiError ? messageOrError : undefined;
    const pointer = known?.details.pointer as string | undefined;
    this.body = errorBody(config, status, message, { code: known?.code, debug, pointer, fieldPointer: fieldPointer(this.context) });
    return this;
  }

  badRequestError(message?: ErrorMessage): this {
    return this.statusError(400, message);
  }
  unauthorizedError(message?: ErrorMessage): this {
    return this.statusError(401, message);
  }
  forbiddenError(message?: ErrorMessage): this {
    return this.statusError(403, message);
  }
  notFoundError(message?: ErrorMessage): this {
    return this.statusError(404, message);
  }
  notAllowedError(message?: ErrorMessage): this {
    return this.statusError(405, message);
  }
  notAcceptableError(message?: ErrorMessage): this {
    return this.statusError(406, message);
  }
  conflictError(message?: ErrorMessage): this {
    return this.statusError(409, message);
  }
  goneError(message?: ErrorMessage): this {
    return this.statusError(410, message);
  }
  unprocessableError(message?: ErrorMessage): this {
    return this.statusError(422, message);
  }
  tooManyRequestsError(message?: ErrorMessage): this {
    return this.statusError(429, message);
  }
  internalError(message?: ErrorMessage): this {
    return this.statusError(500, message);
  }

  /** Transforms, serializes and encodes: what the integration layer writes to the client. */
  render(): Promise<RenderedResponse> {
    return render(this.context, { status: this.status, headers: this.headers, meta: this.meta, body: this.body, allowJsonp: this.renderJsonp });
  }

  /** `Location` for a created model: its member path under the request's, when a GET route answers there. */
  private locate(model: Model): void {
    const key: unknown = model.get((model.constructor as ModelStatic<Model>).primaryKeyAttribute);
    if (typeof key !== 'string' && typeof key !== 'number' && typeof key !== 'bigint') return;
    const member = `${this.context.path.replace(/\/+$/, '')}/${encodeURIComponent(String(key))}`;
    if (this.context.app.routes.allowedMethods(member)?.includes('GET')) this.headers.location = `${this.context.origin}${member}`;
  }

  /** A failed internal call's own error body and status, as the app rendered them for it. */
  private relay(error: ApiError): this {
    this.status = error.status;
    this.setHeaders(error.responseHeaders);
    const contentType = this.context.app.config.serializer === 'json-api' ? JSON_API_MEDIA_TYPE : undefined;
    this.body = { kind: 'payload', payload: error.relayedBody, ...(contentType ? { contentType } : {}) };
    return this;
  }

  private statusError(status: number, message?: ErrorMessage): this {
    this.status = status;
    return this.error(message ?? statusText(status));
  }
}

/**
 * The response builder of the current request; with a payload, `json().respond(payload)`.
 *
 * @example
 * return json().withItem(book, new BookTransformer());
 * return json({ status: 'ok' });
 */
export function json(payload?: unknown): ApiResponse {
  const response = new ApiResponse();
  return payload === undefined ? response : response.respond(payload);
}
