import { childRequestId } from './requestId';
import { RequestTimer } from './RequestTimer';
import { SpanLike, startChildSpan } from './tracing';

/** What the include walk reports of each level it loads (a span per include when tracing is on). */
export interface IncludeObserver {
  /** Starts an include of `parents` parents; the function answered ends it with the rows loaded. */
  include(path: string, parents: number): ((rows: number) => void) | undefined;
}

/**
 * What is observed of one request (and of each internal request, which has its own): its id, its
 * timings, the route template that served it and, when a tracer provider records, its span. Made
 * with the request's context; read when the response head is written (`Server-Timing`,
 * `X-Request-Id`) and when it has been sent (the log line, the span's end).
 */
export class RequestObservation implements IncludeObserver {
  readonly timer = new RequestTimer();
  /** The route template that served the request (`/v1/books/:id`), once an action was chosen. */
  route: string | undefined;
  /** The span statements are children of: the include being loaded, else the request's. */
  currentSpan: SpanLike | undefined;
  private children = 0;

  /**
   * @param requestId this request's id
   * @param parentId the id of the request whose internal call this is; undefined for a client's request
   * @param span the request's span, when tracing is on
   */
  constructor(
    readonly requestId: string,
    readonly parentId?: string,
    readonly span?: SpanLike,
  ) {
    this.currentSpan = span;
  }

  /** The id of the next internal call this request makes: `<id>.1`, `<id>.2`, ... */
  nextChildId(): string {
    return childRequestId(this.requestId, ++this.children);
  }

  /** The action chosen: the log line and the span name its route template. */
  setRoute(method: string, template: string): void {
    this.route = template;
    if (!this.span) return;
    this.span.updateName(`${method} ${template}`);
    this.span.setAttribute('http.route', template);
  }

  /** The trace the request's span belongs to, for the log line. */
  get traceId(): string | undefined {
    return this.span?.spanContext().traceId;
  }

  include(path: string, parents: number): ((rows: number) => void) | undefined {
    const span = startChildSpan(this.span, `include ${path}`, { 'rca.include.path': path, 'rca.include.parents': parents });
    if (!span) return undefined;
    const outer = this.currentSpan;
    const statements = this.timer.count('db');
    this.currentSpan = span;
    return (rows) => {
      span.setAttribute('rca.include.rows', rows);
      span.setAttribute('rca.include.statements', this.timer.count('db') - statements);
      span.end();
      this.currentSpan = outer;
    };
  }
}
