import type { RequestContext } from '../context/RequestContext';
import { ApiResponse } from '../response/ApiResponse';
import { jsonpCallback } from '../query/parseCallback';
import type { RenderedResponse } from '../response/RenderedResponse';

/**
 * The error response for anything thrown while handling a request, the same on both frameworks.
 * A bad JSONP callback wins and is answered as plain JSON.
 */
export function renderError(error: unknown, context: RequestContext): Promise<RenderedResponse> {
  try {
    jsonpCallback(context);
  } catch (callbackError) {
    return new ApiResponse(context)
      .error(callbackError as Error)
      .withoutJsonp()
      .render();
  }
  return new ApiResponse(context).error(error instanceof Error || isObject(error) ? (error as Error) : new Error(String(error))).render();
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}
