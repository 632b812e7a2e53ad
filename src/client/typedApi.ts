import type { Api } from '../dispatcher/Api';
import type { HttpMethod } from '../dispatcher/ApiRequestOptions';
import { createClient, type Client, type RouteKinds } from './createClient';
import type { RouteTable } from './routeTable';

/**
 * The app's routes called in process through `api` (no socket), typed by its route table as the
 * client is: `include`, `fields` and aggregates shape the result, filter and sort are checked.
 * Works with any `Api`: `api.as(principal)`, a transaction's. (Not in the browser entry: it runs
 * the app.)
 *
 * @example
 * const books = typedApi<Routes>(api, routeKinds);
 * const page = await books.get('/v1/books', { include: ['author'], perPage: 3 });
 * if (page.ok) page.data[0].author?.name;
 */
export function typedApi<Tb extends RouteTable>(api: Api, routes: RouteKinds<Tb>): Client<Tb> {
  return createClient<Tb>({
    baseUrl: '',
    routes,
    fetch: async (target, init) => {
      const url = new URL(target, 'http://in-process');
      const text = typeof init.body === 'string' ? init.body : undefined;
      const answer = await api.request({
        method: (init.method ?? 'GET') as HttpMethod,
        url: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: init.headers as Record<string, string>,
        body: text === undefined ? undefined : (JSON.parse(text) as unknown),
        internal: true,
      });
      const body = answer.body === undefined || answer.body === null || answer.status === 204 ? null : JSON.stringify(answer.body);
      return new Response(body, { status: answer.status, headers: answer.headers });
    },
  });
}
