import type { Api } from '../dispatcher/Api';
import { currentContext } from '../context/RequestContext';
import { isSpent, spentPart } from '../context/SharedBudget';
import { ApiError } from '../errors/ApiError';
import { sharedBudgetError } from '../transformer/Budget';
import { describeError } from '../errors/describeError';
import { errorBody } from '../response/errorBody';
import { ApiResponse } from '../response/ApiResponse';
import { BatchItem, BatchRequest, parseBatch } from './batchRequest';
import { Answer, resolveReferences, resolveText } from './references';

/** One answer of a batch, in the order of its requests. */
export interface BatchAnswer {
  id: string;
  status: number;
  /** As name and value pairs: header names are not keys for the response's key conversion to rewrite. */
  headers: Array<{ name: string; value: string }>;
  body: unknown;
}

/** What a batch did: every answer, and the position of the one that failed an atomic batch. */
export interface BatchOutcome {
  answers: BatchAnswer[];
  failedAt?: number;
}

/** The status of a request that did not run because one it depends on did not succeed. */
const FAILED_DEPENDENCY = 424;

const succeeded = (answer: Answer | undefined) => answer !== undefined && answer.status < 400;

/**
 * Runs a parsed batch through `api`, request after request, each in process as an ordinary request
 * of the app (validation, `If-Match`, budgets and authorization apply as to a single one). A request
 * whose dependencies did not all succeed is not run: its answer is a 424 naming the first of them.
 * An atomic batch runs in one `api.transaction()` and stops at its first failure, rolling back the
 * writes before it.
 *
 * @example
 * const outcome = await runBatch(api, parseBatch(body, 100));
 */
export async function runBatch(api: Api, batch: BatchRequest): Promise<BatchOutcome> {
  if (!batch.atomic) return runAll(api, batch.requests, false);
  let outcome: BatchOutcome | undefined;
  try {
    return await api.transaction(async (tx) => {
      outcome = await runAll(tx, batch.requests, true);
      if (outcome.failedAt !== undefined) throw new Error('roll back');
      return outcome;
    });
  } catch (error) {
    // The transaction's own failure carries nothing the outcome does not: answer the outcome.
    if (outcome?.failedAt !== undefined) return outcome;
    throw error;
  }
}

async function runAll(api: Api, requests: BatchItem[], stopAtFailure: boolean): Promise<BatchOutcome> {
  const answers: BatchAnswer[] = [];
  const byId = new Map<string, Answer>();
  const { budget } = currentContext('runBatch()');
  for (const [index, item] of requests.entries()) {
    // The answers so far hold all the batch may: what is left is not run (a write would not be answered).
    const answer = isSpent(budget) ? notRun(400, sharedBudgetError(spentPart(budget), 0).message) : await runOne(api, item, index, byId);
    const entry = toBatchAnswer(item.id, answer);
    answers.push(entry);
    // The body was counted as it was rendered; its place in the batch's document is counted here.
    budget.bytes -= entryOverhead(entry);
    byId.set(item.id, answer);
    if (stopAtFailure && answer.status >= 400) return { answers, failedAt: index };
  }
  return { answers };
}

async function runOne(api: Api, item: BatchItem, index: number, earlier: ReadonlyMap<string, Answer>): Promise<Answer> {
  const unmet = item.dependsOn.find((id) => !succeeded(earlier.get(id)));
  if (unmet !== undefined) return notRun(FAILED_DEPENDENCY, `Not run: it depends on "${unmet}", which answered ${earlier.get(unmet)!.status}`);
  const at = `/requests/${index}`;
  let url: string;
  let body: unknown;
  try {
    url = resolveText(item.url, earlier, `${at}/url`, encodeURIComponent);
    body = item.body === undefined ? undefined : resolveReferences(item.body, earlier, `${at}/body`);
  } catch (error) {
    // A reference to what an earlier answer does not hold: this request's own 400.
    if (error instanceof ApiError) return notRun(error.status, error.message);
    throw error;
  }
  try {
    const answer = await api.request({ method: item.method, url, body, headers: item.headers, internal: true });
    return { status: answer.status, headers: { ...answer.headers }, body: answer.body };
  } catch (error) {
    // The transaction's own end (its time limit) ends the whole batch; anything else is this request's answer.
    if (error instanceof ApiError && error.code.startsWith('RCA_TRANSACTION_')) throw error;
    return failed(error);
  }
}

/** The answer of a request whose call threw (too deep, refused...): its error as a client would have seen it. */
function failed(error: unknown): Answer {
  const { config } = currentContext('runBatch()').app;
  const { status, message, headers } = describeError(error, config.debug);
  return { status, headers, body: errorBody(currentContext('runBatch()').app.config, status, message).payload };
}

/** The answer of a request the batch did not send, in the configured error format. */
function notRun(status: number, message: string): Answer {
  return { status, headers: {}, body: errorBody(currentContext('runBatch()').app.config, status, message).payload };
}

/** An error body as the app writes them: a JSON:API error document in json-api mode, else the configured errorFormat. */
/** The bytes an answer adds to the batch's document besides its body: its id, status and headers. */
const entryOverhead = (entry: BatchAnswer) => Buffer.byteLength(JSON.stringify(entry.headers)) + entry.id.length + 40;

function toBatchAnswer(id: string, answer: Answer): BatchAnswer {
  return { id, status: answer.status, headers: Object.entries(answer.headers).map(([name, value]) => ({ name, value })), body: answer.body ?? null };
}

/**
 * The response of `POST /batch`: the document read (a 400 before anything runs when it is not a
 * batch), the requests run, `{ "responses": [...] }` answered 200. An atomic batch that failed is
 * answered with the failing request's status, an error naming it, and the answers up to it in
 * `meta.responses`; nothing it wrote is kept.
 *
 * @example
 * @Post('/v1/batch') batch(@Body() body: unknown) { return batchResponse(Container.get(Api), body); }
 */
export async function batchResponse(api: Api, document: unknown): Promise<ApiResponse> {
  const context = currentContext('batchResponse()');
  // Nested, each level's operations.max would multiply: a batch is a client's request only.
  if (context.depth > 0) throw new ApiError('RCA_BATCH_NESTED');
  const batch = parseBatch(document, context.app.config.operations.max);
  const outcome = await runBatch(api, batch);
  if (outcome.failedAt === undefined) return new ApiResponse(context).respond({ responses: outcome.answers });
  const failed = outcome.answers[outcome.failedAt];
  const { method, url } = batch.requests[outcome.failedAt];
  const message = `Request ${outcome.failedAt} ("${failed.id}", ${method} ${url.split('?')[0]}) answered ${failed.status}: the batch was rolled back`;
  // A failure the client may retry (a busy or lost database) says when, as the request that failed said it.
  const retryAfter = failed.headers.find((header) => header.name.toLowerCase() === 'retry-after');
  return new ApiResponse(context)
    .setStatusCode(failed.status >= 400 ? failed.status : 500)
    .setHeaders(retryAfter ? { 'Retry-After': retryAfter.value } : {})
    .setMeta({ responses: outcome.answers })
    .error(message);
}
