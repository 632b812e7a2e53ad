import { currentContext } from '../context/RequestContext';

/**
 * Who is asking in the request running now: the principal useApi()'s `principal` option (or
 * routing-controllers' `currentUserChecker`, with policies) resolved for it, `null` for an anonymous
 * caller. An internal call (`api.get()` inside an action), a batch member and an atomic operation
 * answer their caller's; `api.as(other)` answers `other`. `P` is the type your resolver returns:
 * the toolkit does not check it. Outside a request it throws (RCA_NO_REQUEST_CONTEXT).
 *
 * @example
 * \@Post('/')
 * store(\@Body() body: CreateBookRequest) {
 *   const caller = currentPrincipal<Caller>();
 *   if (caller?.role !== 'editor') throw new ForbiddenError();
 * }
 */
export function currentPrincipal<P = unknown>(): P | null {
  return (currentContext('currentPrincipal()').principal ?? null) as P | null;
}
