import { childRequestId } from './requestId';
import { RequestTimer } from './RequestTimer';

/**
 * What is observed of one request (and of each internal request, which has its own): its id, its
 * timings and the route template that served it. Made with the request's context; read when the
 * response head is written (`Server-Timing`, `X-Request-Id`) and when it has been sent (the log line).
 */
export class RequestObservation {
  readonly timer = new RequestTimer();
  /** The route template that served the request (`/v1/books/:id`), once an action was chosen. */
  route: string | undefined;
  private children = 0;

  /**
   * @param requestId this request's id
   * @param parentId the id of the request whose internal call this is; undefined for a client's request
   */
  constructor(
    readonly requestId: string,
    readonly parentId?: string,
  ) {}

  /** The id of the next internal call this request makes: `<id>.1`, `<id>.2`, ... */
  nextChildId(): string {
    return childRequestId(this.requestId, ++this.children);
  }
}
