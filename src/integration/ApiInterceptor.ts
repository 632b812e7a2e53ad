import { Action, Interceptor, InterceptorInterface } from 'routing-controllers';
import { Service } from 'typedi';
import { requestStorage } from '../context/RequestContext';
import type { PageRequest } from '../query/parsePage';
import type { Page } from '../pagination/Page';
import { CursorPage, isCursorPage } from '../pagination/cursor';
import { ApiResponse } from '../response/ApiResponse';
import { isUndecorated } from '../metadata/actionMetadata';

/**
 * The global interceptor: turns what a decorated action returns into a response builder with
 * its transformer and pagination. `undefined` and `null` pass through to routing-controllers'
 * 404/204 handling; undecorated actions and builders pass through untouched.
 */
@Service()
@Interceptor({ priority: -1000 })
export class ApiInterceptor implements InterceptorInterface {
  intercept(_action: Action, result: unknown): unknown {
    const context = requestStorage.getStore();
    const action = context?.action;
    if (!context || !action || isUndecorated(action.metadata)) return result;
    if (result === undefined || result === null || result instanceof ApiResponse) return result;
    const response = new ApiResponse(context);
    // `@Created` answers 201 by itself, as it documents (no `@HttpCode(201)` needed).
    const { metadata, transformer, query } = action;
    if (metadata.created) response.setStatusCode(201);
    const resourceKey = metadata.transformer?.resourceKey;
    if (metadata.paginated) {
      // A decorated action's query was parsed before it ran; a paginated one's has its page.
      const request = query!.page as PageRequest;
      return response.withPagination(toPage(result, request), transformer, resourceKey);
    }
    if (isCollection(result)) return response.withCollection(result, transformer, resourceKey);
    return response.withItem(result, transformer, resourceKey);
  }
}

function isCollection(value: unknown): value is Iterable<unknown> {
  return Array.isArray(value) || value instanceof Set;
}

function isRowsCount(value: unknown): value is { rows: unknown[]; count: number | Array<{ count: number }> } {
  return typeof value === 'object' && value !== null && Array.isArray((value as { rows?: unknown }).rows) && 'count' in value;
}

function isPage(value: unknown): value is Page {
  return typeof value === 'object' && value !== null && Array.isArray((value as Page).items) && typeof (value as Page).total === 'number';
}

/** `{ rows, count }` is one page already; a plain list is paged in memory. */
function toPage(result: unknown, request: PageRequest): Page | CursorPage {
  if (isPage(result) || isCursorPage(result)) return result;
  if (isRowsCount(result)) {
    // Sequelize answers `count` as a list of group counts when `group` was used.
    const total = Array.isArray(result.count) ? result.count.length : result.count;
    return { items: result.rows, total, perPage: request.perPage, currentPage: request.page };
  }
  const all = isCollection(result) ? [...result] : [result];
  return { items: all.slice(request.offset, request.offset + request.limit), total: all.length, perPage: request.perPage, currentPage: request.page };
}
