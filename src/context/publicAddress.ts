import type { IncomingHttpHeaders } from 'node:http';
import type { ApiConfig } from '../config/ApiConfig';

/** A host as RFC 3986 allows it in a Host header: a name, IPv4 or [IPv6], and an optional port. */
const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*\.?)(?::\d{1,5})?$/i;

/** True for a host that may stand in a link; `evil.example/x?` and `a b` are not. */
export function isValidHost(host: string): boolean {
  return host.length <= 255 && HOST.test(host);
}

/** The first value of a forwarded header (`X-Forwarded-Host: a, b` is `a`: the client's side). */
function firstForwarded(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text?.split(',')[0].trim() || undefined;
}

/**
 * The protocol and host a client used: the connection's own, or with `trustProxy` what
 * `X-Forwarded-Proto` / `X-Forwarded-Host` say the proxy in front received.
 */
export function clientAddress(config: ApiConfig, headers: IncomingHttpHeaders, protocol: string, host: string | undefined): { protocol: string; host: string } {
  if (!config.trustProxy) return { protocol, host: host || 'localhost' };
  const forwardedProto = firstForwarded(headers, 'x-forwarded-proto')?.toLowerCase();
  return {
    protocol: forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : protocol,
    host: firstForwarded(headers, 'x-forwarded-host') ?? (host || 'localhost'),
  };
}

/**
 * The origin of every absolute link and `Location`: `app.url` when configured, else the
 * client's protocol and host (a host that is not valid never reaches a link).
 *
 * @example
 * publicOrigin(config, 'https', 'api.example.com'); // 'https://api.example.com', or app.url
 */
export function publicOrigin(config: ApiConfig, protocol: string, host: string): string {
  if (config.app.url) return config.app.url;
  return `${protocol}://${isValidHost(host) ? host : 'localhost'}`;
}
