import { isModel } from '../loader/isModel';
import { rulesFor } from '../context/rulesFor';
import type { RequestContext } from '../context/RequestContext';
import { pageLinks, paginationMeta } from '../pagination/pageLinks';
import type { Page } from '../pagination/Page';
import { CursorPage, isCursorPage } from '../pagination/cursor';
import { cursorLinks } from '../pagination/cursorLinks';
import type { PageInfo } from '../serializer/Serializer';
import { ArraySerializer } from '../serializer/ArraySerializer';
import { serializers } from '../serializer/serializers';
import type { ItemResource, Resource } from '../transformer/Resource';
import { DEFAULT_RESOURCE_TYPE } from '../transformer/Transformed';
import { IncludeWalk } from '../transformer/includeWalk';
import { entityTag, isNotModified, readableStamp, rowStamp } from './entityTag';
import { JSON_API_MEDIA_TYPE } from '../jsonapi/errorDocument';
import { payloadDocument } from '../jsonapi/payloadDocument';
import { convertBody, converter } from './convertBody';
import { encodeJson } from './encodeJson';
import { jsonpCallback } from '../query/parseCallback';
import { includeDefaults } from '../query/parseIncludes';
import { wrapJsonp } from './jsonp';
import { requestQuery } from '../query/RequestQuery';
import type { RenderedResponse } from './RenderedResponse';
import { bytesRefusal } from '../transformer/Budget';
import { sqlRelationLoader } from '../loader/RelationLoader';
import { accessView } from '../transformer/AccessView';

/** What a builder asks to send. */
export type ResponseBody =
  { kind: 'payload'; payload: unknown; contentType?: string } | { kind: 'resource'; resource: Resource; page?: Page | CursorPage } | { kind: 'empty' };

export interface RenderInput {
  status: number;
  headers: Record<string, string>;
  meta: Record<string, unknown> | null;
  body: ResponseBody;
  /** False for the error that reports a bad callback itself. */
  allowJsonp?: boolean;
}

/**
 * The bounds of one answer: `response.maxBytes` and `include.maxResources`, or less when the request
 * shares its budget with others (an internal request of a batch) and less is left of it.
 */
function limitsOf(context: RequestContext): { maxBytes: number; maxResources: number; sharedLimits: boolean } {
  const { response, include } = context.app.config;
  const { bytes, resources } = context.budget;
  return {
    maxBytes: Math.min(response.maxBytes, bytes),
    maxResources: Math.min(include.maxResources, resources),
    sharedLimits: bytes < response.maxBytes || resources < include.maxResources,
  };
}

/** Builds the body object of a transformed resource with the configured serializer. */
async function documentOf(
  context: RequestContext,
  body: Extract<ResponseBody, { kind: 'resource' }>,
  meta: Record<string, unknown> | null,
  limits: ReturnType<typeof limitsOf>,
) {
  const { config } = context.app;
  // The action's query, or parsed here, once, for a resource rendered outside a decorated action.
  const query = requestQuery(context);
  const convert = converter(config.convert.key, config.convert.date);
  const { timer } = context.observation;
  const serializer = serializers[config.serializer];
  const scope = new IncludeWalk({
    loader: sqlRelationLoader,
    readAs: config.readAs,
    tree: query.include,
    exclude: query.exclude,
    narrow: query.narrow,
    defaults: includeDefaults(config.include.params),
    ...limits,
    fieldsets: query.fieldsets,
    // JSON:API's self link is a link, not a field: a fieldset does not take it away.
    alwaysKeep: config.serializer === 'json-api' ? ['id', 'link'] : ['id'],
    // JSON:API sends each resource once: a model met again at one level is not transformed again.
    shareDuplicates: config.serializer === 'json-api',
    displayKey: (name) => convert.key(name),
    filterLimits: config.filter,
    // The array envelopes' document is written as the walk goes: each item converted once, as it is made.
    writer: serializer instanceof ArraySerializer ? serializer.writer(convert) : undefined,
    observer: context.observation,
    // What the principal may not use (its policies) is not sent, and refused where a request names it.
    access: accessView(context),
  });
  const { resource } = body;
  // A collection's document is written a part at a time, as the walk finishes each: it keeps no part's items.
  const parts = resource.kind === 'collection' ? serializer.parts(convert, resource.resourceKey ?? DEFAULT_RESOURCE_TYPE) : null;
  // The walk loads relations as it goes: their statements are the database's time, and the parts
  // written meanwhile the serializer's, not the transform's.
  const transforming = timer.beginExcluding('transform', 'db', 'serialize');
  let transformed: Awaited<ReturnType<IncludeWalk['run']>> | null = null;
  try {
    if (resource.kind === 'collection' && parts) {
      await scope.runInParts(resource, (items) => {
        const writing = timer.begin('serialize');
        parts.add(items);
        writing();
      });
    } else transformed = await scope.run(resource);
  } finally {
    transforming();
  }
  // An internal request's resources are part of its caller's answer: they draw on its budget.
  if (context.depth > 0) context.budget.resources -= scope.resources;
  let page: PageInfo | null = null;
  if (body.page && isCursorPage(body.page)) {
    page = { kind: 'cursor', ...cursorLinks(context, body.page) };
  } else if (body.page) {
    const links = pageLinks(context, body.page);
    page = { kind: 'pagination', meta: paginationMeta(body.page, links), links };
  }
  const done = timer.begin('serialize');
  const document = parts ? parts.document(meta, page) : serializer.document(transformed!, meta, page, convert);
  done();
  return { document, contentType: serializer.contentType };
}

function payloadWithMeta(payload: unknown, meta: Record<string, unknown> | null): unknown {
  if (!meta || Object.keys(meta).length === 0) return payload;
  if (payload !== null && typeof payload === 'object' && !Array.isArray(payload)) return { ...payload, meta };
  return { data: payload, meta };
}

/**
 * Turns a builder's state into status, headers and body text: transforms and serializes,
 * converts keys and dates, encodes with `jsonEncodeOption`, wraps JSONP, applies `suppressResponseCode`.
 */
export async function render(context: RequestContext, input: RenderInput): Promise<RenderedResponse> {
  const { config } = context.app;
  // An error may be rendered for a query that failed to parse: only the callback is read then.
  const callback = input.allowJsonp === false ? null : (context.action?.query?.callback ?? jsonpCallback(context));
  const status = config.suppressResponseCode ? 200 : input.status;
  if (input.body.kind === 'empty') return { status, headers: { ...input.headers }, body: null };
  let value: unknown;
  let contentType = 'application/json; charset=utf-8';
  let limits: ReturnType<typeof limitsOf> | undefined;
  if (input.body.kind === 'resource') {
    limits = limitsOf(context);
    // Serializers convert keys and dates as they build the document.
    ({ document: value, contentType } = await documentOf(context, input.body, input.meta, limits));
  } else {
    let payload = payloadWithMeta(input.body.payload, input.meta);
    // A payload is sent as the type the builder chose, else as the Content-Type header set on it;
    // in json-api mode, as a JSON:API document (what is not one already becomes its meta).
    contentType = input.body.contentType ?? input.headers['content-type'] ?? contentType;
    if (config.serializer === 'json-api' && input.body.contentType === undefined && !input.headers['content-type']) {
      payload = payloadDocument(payload);
      contentType = JSON_API_MEDIA_TYPE;
    }
    value = convertBody(payload, config.convert.key, config.convert.date);
  }
  const encoded = context.observation.timer.begin('serialize');
  const json = encodeJson(value, config.jsonEncodeOption);
  encoded();
  // The walk's estimate leaves out lazy fields and multi-byte characters: the body is measured exactly too.
  if (limits && json.length * 3 > limits.maxBytes && Buffer.byteLength(json) > limits.maxBytes) throw bytesRefusal(limits.maxBytes, limits.sharedLimits);
  // An internal request's answer is part of its caller's: whatever it is, it draws on their budget.
  if (context.depth > 0) context.budget.bytes -= Buffer.byteLength(json);
  const rendered: RenderedResponse = callback
    ? {
        status,
        headers: { ...input.headers, 'content-type': 'text/javascript; charset=utf-8', 'x-content-type-options': 'nosniff' },
        body: wrapJsonp(callback, json),
      }
    : { status, headers: { ...input.headers, 'content-type': contentType }, body: json };
  return isTaggedItem(context, input) ? conditional(context, rendered, (input.body.resource as ItemResource).data) : rendered;
}

/** A successful GET or HEAD of one item: the responses that carry an ETag. */
function isTaggedItem(context: RequestContext, input: RenderInput): input is RenderInput & { body: { kind: 'resource' } } {
  const { body } = input;
  return input.status === 200 && (context.method === 'GET' || context.method === 'HEAD') && body.kind === 'resource' && body.resource.kind === 'item';
}

/**
 * Tags the body; a client that holds it already (`If-None-Match`) gets a 304 without one. The row's
 * version joins the body only for a caller who may read every attribute of it: for anyone else it
 * would tell a write of a hidden attribute (and, tried number by number, the version itself), so the
 * row's readable values join it instead.
 */
function conditional(context: RequestContext, rendered: RenderedResponse, item: unknown): RenderedResponse {
  const hidden = isModel(item) ? rulesFor(context, item.constructor).hidden : undefined;
  const tag = entityTag(rendered.body!, hidden && hidden.size > 0 ? readableStamp(item, hidden) : rowStamp(item));
  const headers: Record<string, string> = { ...rendered.headers, etag: tag };
  if (!isNotModified(context.headers, tag)) return { ...rendered, headers };
  delete headers['content-type'];
  return { status: 304, headers, body: null };
}
