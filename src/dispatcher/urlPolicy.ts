import type { ApiConfig } from '../config/ApiConfig';
import { ApiError } from '../errors/ApiError';

/** Where a call goes: into the app (a path, maybe with the Host of an internal domain) or out. */
export type Target = { kind: 'internal'; path: string; host?: string } | { kind: 'remote'; url: URL };

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Decides where a call goes. A path stays in process; an absolute http(s) URL goes out, unless
 * its host is one of `internal.domains`. Protocol-relative URLs and other schemes are refused.
 *
 * @example
 * classify('/v1/books', config);             // { kind: 'internal', path: '/v1/books' }
 * classify('https://api.example.com/x', config); // { kind: 'remote', url }
 */
export function classify(target: string, config: ApiConfig): Target {
  const text = target.trim();
  refuseProtocolRelative(text);
  if (!SCHEME.test(text)) return { kind: 'internal', path: text.startsWith('/') ? text : `/${text}` };
  const url = parseHttpUrl(text);
  if (config.internal.domains.includes(url.hostname)) return { kind: 'internal', path: url.pathname + url.search, host: url.host };
  return { kind: 'remote', url };
}

/**
 * True for `//host/path` and its backslash spellings (`/\\host`, `\\\\host`), which URL parsers treat
 * alike: such a target would leave for another host.
 *
 * @example
 * isProtocolRelative('/\\evil.example'); // true
 */
export function isProtocolRelative(text: string): boolean {
  return /^[\\/]{2}/.test(text.trim());
}

/** Refuses a protocol-relative target (isProtocolRelative). */
export function refuseProtocolRelative(text: string): void {
  if (isProtocolRelative(text)) {
    throw new ApiError('RCA_REMOTE_REFUSED', { url: text, reason: 'protocol-relative URLs are not followed' });
  }
}

/** True for `scheme:...`. */
export function hasScheme(text: string): boolean {
  return SCHEME.test(text);
}

/** An absolute http(s) URL, or a refusal. */
export function parseHttpUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ApiError('RCA_REMOTE_REFUSED', { url: text, reason: 'not a valid URL' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ApiError('RCA_REMOTE_REFUSED', { url: text, reason: `only http and https are followed, not ${url.protocol}` });
  }
  // axios would send user:password@ as Basic credentials, and it hides the real host from a reader.
  if (url.username || url.password) {
    throw new ApiError('RCA_REMOTE_REFUSED', { url: `${url.protocol}//${url.host}`, reason: 'credentials in the URL are not sent' });
  }
  return url;
}

/** Refuses a host outside `remote.allowedHosts` when that list is set (entries `host` or `host:port`). */
export function assertAllowedHost(url: URL, allowedHosts: readonly string[] | null): void {
  if (allowedHosts === null) return;
  if (allowedHosts.includes(url.host) || allowedHosts.includes(url.hostname)) return;
  throw new ApiError('RCA_REMOTE_REFUSED', { url: url.origin, reason: `host "${url.host}" is not in remote.allowedHosts` });
}
