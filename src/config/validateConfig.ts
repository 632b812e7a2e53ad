import { ApiError } from '../errors/ApiError';
import type { ApiConfig } from './ApiConfig';

type Check = [key: string, ok: boolean, reason: string];

const isPositiveInt = (n: unknown) => Number.isInteger(n) && (n as number) > 0;
const isNonNegativeInt = (n: unknown) => Number.isInteger(n) && (n as number) >= 0;

/** Rejects a config that would make the library misbehave at request time, naming the key. */
export function validateConfig(config: ApiConfig): void {
  const [limit, offset] = config.include.params.limit;
  const [, direction] = config.include.params.sort;
  const checks: Check[] = [
    ['app.url', config.app.url === null || /^https?:\/\/[^/?#]+(\/[^?#]*)?$/i.test(config.app.url), 'must be an absolute http(s) URL without query, or null'],
    ['trustProxy', typeof config.trustProxy === 'boolean', 'must be true or false'],
    ['serializer', ['array', 'data-array', 'json-api'].includes(config.serializer), "must be 'array', 'data-array' or 'json-api'"],
    ['readAs', config.readAs === 'rows' || config.readAs === 'instances', "must be 'rows' or 'instances'"],
    ['readOnlyWrites', config.readOnlyWrites === 'refuse' || config.readOnlyWrites === 'ignore', "must be 'refuse' or 'ignore'"],
    ['convert.key', [null, 'snake', 'camel'].includes(config.convert.key), "must be 'snake', 'camel' or null"],
    ['convert.date', config.convert.date === null || ['string', 'function'].includes(typeof config.convert.date), 'must be a format, a function or null'],
    ['include.params.limit', isNonNegativeInt(limit) && isNonNegativeInt(offset), 'must be [limit, offset] of non-negative integers'],
    ['include.params.sort', direction === 'asc' || direction === 'desc', "must be [key, 'asc' | 'desc']"],
    ['include.maxDepth', isPositiveInt(config.include.maxDepth), 'must be a positive integer'],
    ['include.maxLimit', isPositiveInt(config.include.maxLimit), 'must be a positive integer'],
    ['include.maxPaths', isPositiveInt(config.include.maxPaths), 'must be a positive integer'],
    ['include.maxResources', isPositiveInt(config.include.maxResources), 'must be a positive integer'],
    ['include.key', /^[\w.-]+$/.test(config.include.key), 'must be a query parameter name'],
    [
      'include.excludeKey',
      /^[\w.-]+$/.test(config.include.excludeKey) && config.include.excludeKey !== config.include.key,
      'must be a query parameter name other than include.key',
    ],
    ['filter.maxConditions', isPositiveInt(config.filter.maxConditions), 'must be a positive integer'],
    ['filter.maxListSize', isPositiveInt(config.filter.maxListSize), 'must be a positive integer'],
    [
      'pagination.cursorSecret',
      config.pagination.cursorSecret === null || (typeof config.pagination.cursorSecret === 'string' && config.pagination.cursorSecret.length >= 32),
      'must be a string of at least 32 characters, or null',
    ],
    ['response.maxBytes', isPositiveInt(config.response.maxBytes), 'must be a positive integer of bytes'],
    ['body.limit', isPositiveInt(config.body.limit), 'must be a positive integer of bytes'],
    ['body.maxDepth', isPositiveInt(config.body.maxDepth), 'must be a positive integer'],
    ['body.timeout', isPositiveInt(config.body.timeout), 'must be a positive integer of milliseconds'],
    [
      'body.types',
      Array.isArray(config.body.types) && config.body.types.every((t) => t === 'json' || t === 'urlencoded'),
      "must be a list of 'json' and 'urlencoded'",
    ],
    ['jsonp.enabled', typeof config.jsonp.enabled === 'boolean', 'must be true or false'],
    ['jsonp.param', /^[\w.-]+$/.test(config.jsonp.param), 'must be a query parameter name'],
    ['jsonp.maxLength', isPositiveInt(config.jsonp.maxLength), 'must be a positive integer'],
    ['remote.timeout', isPositiveInt(config.remote.timeout), 'must be a positive integer of milliseconds'],
    ['remote.maxContentLength', isPositiveInt(config.remote.maxContentLength), 'must be a positive integer of bytes'],
    ['remote.allowedHosts', config.remote.allowedHosts === null || Array.isArray(config.remote.allowedHosts), 'must be a list of hosts or null'],
    ['remote.baseUrl', config.remote.baseUrl === null || /^https?:\/\/[^/]/i.test(config.remote.baseUrl), 'must be an absolute http(s) URL or null'],
    ['timing', typeof config.timing === 'boolean', 'must be true, false or null'],
    ['requestId.header', /^[a-z0-9!#$%&'*+.^_`|~-]+$/.test(config.requestId.header), 'must be a lower-case header name'],
    ['requestId.trust', typeof config.requestId.trust === 'boolean', 'must be true or false'],
    ['transaction.maxDuration', isPositiveInt(config.transaction.maxDuration), 'must be a positive integer of milliseconds'],
    ['operations.max', isPositiveInt(config.operations.max), 'must be a positive integer'],
    ['internal.maxDepth', isPositiveInt(config.internal.maxDepth), 'must be a positive integer'],
    ['internal.forwardHeaders', Array.isArray(config.internal.forwardHeaders), 'must be a list of header names'],
  ];
  const failed = checks.find(([, ok]) => !ok);
  if (failed) throw new ApiError('RCA_CONFIG_INVALID', { key: failed[0], reason: failed[2] });
}
