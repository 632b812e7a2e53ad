import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import contentType from 'content-type';
import getRawBody from 'raw-body';
import secureJson from 'secure-json-parse';
import type { ApiConfig } from '../config/ApiConfig';
import { ApiError } from '../errors/ApiError';
import { isAtomicRequest } from '../jsonapi/atomicDocument';
import { isRelationshipPath } from '../jsonapi/relationshipDocument';
import { fromRequestDocument } from '../jsonapi/requestDocument';
import type { RequestContext } from '../context/RequestContext';
import { exceedsDepth } from './jsonDepth';

/** The media types a request body may have (besides multipart, which is left to multer). */
export type BodyType = 'json' | 'urlencoded';

/** `body.*` of the config: one policy for every request body, on Express and on Koa alike. */
export type BodyPolicy = ApiConfig['body'];

/** What readBody() answers for a request without a body, or one it leaves to another parser. */
export const NO_BODY = Symbol('rca.noBody');

const DECODERS: Record<string, (() => zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress) | null> = {
  identity: null,
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

/** What a client sent, cut short for an error message. */
const shown = (value: string) => value.slice(0, 100);

/**
 * Reads and parses a request body under one policy, the way fastify's content-type parser does:
 * JSON (`application/json`, `application/*+json`) and, when allowed, URL-encoded forms; any other
 * media type 415; a charset other than UTF-8 415; more than `body.limit` bytes (decompressed) 413;
 * a body that does not decode or parse 400; nesting deeper than `body.maxDepth` 400; a
 * `__proto__` or `constructor` key 400. `multipart/form-data` is left unread for multer.
 *
 * @example
 * const body = await readBody(req, config.body);
 * if (body !== NO_BODY) req.body = body;
 */
export async function readBody(req: IncomingMessage, policy: BodyPolicy): Promise<unknown> {
  if (!hasBody(req)) return NO_BODY;
  const media = mediaTypeOf(req);
  if (media.type === 'multipart/form-data') return NO_BODY;
  const kind = kindOf(media.type, policy);
  const charset = media.parameters.charset?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') throw new ApiError('RCA_BODY_CHARSET', { charset: shown(charset) });
  const text = await readText(req, policy);
  if (text.trim() === '') return NO_BODY;
  return kind === 'json' ? parseJson(text, policy.maxDepth) : parseForm(text);
}

/**
 * A body is there when its length is announced and not zero, or it is chunked, and no parser of
 * the app's own (mounted before useApi(): `express.json()` marks `_body`) has read it already.
 */
function hasBody(req: IncomingMessage): boolean {
  if (req.readableEnded || (req as IncomingMessage & { _body?: boolean })._body) return false;
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function mediaTypeOf(req: IncomingMessage): contentType.ParsedMediaType {
  const header = req.headers['content-type'];
  if (!header) throw new ApiError('RCA_BODY_MEDIA_TYPE', { type: 'none', accepted: 'application/json' });
  try {
    return contentType.parse(header);
  } catch {
    throw new ApiError('RCA_BODY_MEDIA_TYPE', { type: shown(header), accepted: 'application/json' });
  }
}

function kindOf(type: string, policy: BodyPolicy): BodyType {
  if (type === 'application/json' || /^application\/[\w.-]+\+json$/.test(type)) return 'json';
  if (type === 'application/x-www-form-urlencoded' && policy.types.includes('urlencoded')) return 'urlencoded';
  const accepted = policy.types.map((t) => (t === 'json' ? 'application/json' : 'application/x-www-form-urlencoded')).join(' or ');
  throw new ApiError('RCA_BODY_MEDIA_TYPE', { type: shown(type), accepted });
}

/**
 * The body as UTF-8 text, decompressed as `Content-Encoding` says: never more than `limit` bytes
 * as sent nor once decoded, and all of it within `timeout` ms.
 */
async function readText(req: IncomingMessage, { limit, timeout }: BodyPolicy): Promise<string> {
  const encoding = String(req.headers['content-encoding'] ?? 'identity')
    .trim()
    .toLowerCase();
  if (!Object.hasOwn(DECODERS, encoding)) throw new ApiError('RCA_BODY_ENCODING_UNSUPPORTED', { encoding: shown(encoding) });
  const decoder = DECODERS[encoding]?.();
  const stream: Readable = decoder ? req.pipe(decoder) : req;
  // Destroying the request would destroy its socket before the answer: the error is handed to the reader instead.
  const stop = (type: string) => {
    const error = Object.assign(new Error(type), { type });
    if (decoder) decoder.destroy(error);
    else req.emit('error', error);
  };
  const deadline = setTimeout(() => stop('request.timeout'), timeout);
  // A compressed body is measured as sent too: one that inflates to little is still read in full otherwise.
  let wire = 0;
  const count = (chunk: Buffer) => {
    wire += chunk.length;
    if (wire > limit) stop('entity.too.large');
  };
  if (decoder) req.on('data', count);
  try {
    // The announced length is checked up front (the wire bound holds for it whatever the encoding).
    return await getRawBody(stream, { limit, length: decoder ? undefined : req.headers['content-length'], encoding: 'utf-8' });
  } catch (error) {
    throw abandon(req, decoder, readError(error, encoding, { limit, timeout }));
  } finally {
    clearTimeout(deadline);
    req.off('data', count);
  }
}

/** Stops reading a refused body. */
function abandon(req: IncomingMessage, decoder: zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined, error: ApiError): ApiError {
  if (decoder) {
    req.unpipe(decoder);
    decoder.destroy();
  }
  // Let the rest flow past until the answer is written (a 413 or 408 then closes the connection).
  req.resume();
  return error;
}

/** The error codes of zlib's decoders: gzip and deflate say Z_DATA_ERROR..., brotli ERR__ERROR_FORMAT_PADDING_2 or ERR_BROTLI_.... */
const DECODER_ERROR = /^(Z_|ERR__ERROR_|ERR_BROTLI)/;

function readError(error: unknown, encoding: string, { limit, timeout }: Pick<BodyPolicy, 'limit' | 'timeout'>): ApiError {
  const { type, code } = (error ?? {}) as { type?: string; code?: string };
  // Both leave part of the body unread: the connection is closed once the answer is written, rather
  // than read to its end (a client could announce gigabytes, or trickle for ever).
  const close = { responseHeaders: { connection: 'close' } };
  if (type === 'entity.too.large') return new ApiError('RCA_BODY_TOO_LARGE', { limit }, close);
  if (type === 'request.timeout') return new ApiError('RCA_BODY_TIMEOUT', { timeout }, close);
  if (DECODER_ERROR.test(code ?? '')) return new ApiError('RCA_BODY_ENCODING_INVALID', { encoding }, { cause: error });
  return new ApiError('RCA_BODY_MALFORMED', {}, { cause: error });
}

function parseJson(text: string, maxDepth: number): unknown {
  if (exceedsDepth(text, maxDepth)) throw new ApiError('RCA_BODY_TOO_DEEP', { max: maxDepth });
  let value: unknown;
  try {
    value = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    if (/forbidden/.test((error as Error).message)) throw new ApiError('RCA_BODY_FORBIDDEN_KEY', {}, { cause: error });
    throw new ApiError('RCA_BODY_MALFORMED', {}, { cause: error });
  }
  // class-transformer drops a `constructor` key silently, so validation never sees it: refused like `__proto__`.
  if (text.includes('"constructor"') && hasConstructorKey(value)) throw new ApiError('RCA_BODY_FORBIDDEN_KEY');
  return value;
}

/** True when an object of the parsed body (at any depth, within body.maxDepth) has a `constructor` key. */
function hasConstructorKey(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(hasConstructorKey);
  return Object.keys(value).some((key) => key === 'constructor' || hasConstructorKey((value as Record<string, unknown>)[key]));
}

/** A flat form: the last of repeated names wins; keys that reach prototypes are refused as in JSON. */
function parseForm(text: string): Record<string, string> {
  const form: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (name === '__proto__' || name === 'constructor' || name === 'prototype') throw new ApiError('RCA_BODY_FORBIDDEN_KEY');
    form[name] = value;
  }
  return form;
}

/**
 * The body of a request as the app's actions receive it: read under the body policy, and in
 * json-api mode a JSON:API resource document (`application/vnd.api+json`) flattened into the
 * fields the form request validates.
 */
export async function readRequestBody(req: IncomingMessage, context: RequestContext): Promise<unknown> {
  const body = await readBody(req, context.app.config.body);
  if (body === NO_BODY || context.app.config.serializer !== 'json-api') return body;
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  // An atomic operations document, or a relationship's linkage, is read by its endpoint as a whole, not as one resource.
  if (!type.startsWith('application/vnd.api+json') || isAtomicRequest(req.headers) || isRelationshipPath(context.path)) return body;
  // Operations labelled as a plain JSON:API document: the media type is wrong, not the document.
  if (typeof body === 'object' && body !== null && 'atomic:operations' in body) throw new ApiError('RCA_ATOMIC_MEDIA_TYPE', { serializer: 'json-api' });
  return fromRequestDocument(body, context);
}
