import { attachApiState } from '../context/appRegistry';
import type { RequestListener } from 'node:http';
import { createExecutor, RoutingControllersOptions } from 'routing-controllers';
import { setDefaultApp } from '../dispatcher/defaultApp';
import type { ApiConfigInput } from '../config/ApiConfig';
import { resolveConfig } from '../config/resolveConfig';
import type { Sequelize } from 'sequelize';
import { AppState, ErrorListener, FrameworkName, PrincipalResolver, requestStorage } from '../context/RequestContext';
import type { Policy } from '../policy/definePolicy';
import type { ApiLogger } from '../observe/ApiLogger';
import { observeDatabase } from './observeDatabase';
import { endFailedSqliteTransactions } from '../dispatcher/sqliteTransactions';
import { oneStatementAtATime } from '../dispatcher/sqliteStatements';
import { survivePostgresConnectionErrors } from '../dispatcher/postgresConnections';
import { readSqliteDatesExactly } from '../loader/sqliteDates';
import { applyPoliciesToStatements } from '../loader/policyStatements';
import { ApiError } from '../errors/ApiError';
import { RouteRegistry } from '../routing/RouteRegistry';
import { bodyValidation, queryValidation } from '../validation/validationOptions';
import { ApiInterceptor } from './ApiInterceptor';
import { checkDeclarations, modelsOf, routedActions } from './checkDeclarations';
import { declareRoutingFields } from './expressFields';
import { expressBody, expressContext, expressErrors, expressNotFound } from './expressMiddleware';
import { ExpressApiDriver, KoaApiDriver } from './drivers';
import { koaContextAndErrors } from './koaMiddleware';

export type { ErrorListener };

/** routing-controllers' own options, plus this library's config, error listener, logger and database. */
export interface UseApiOptions extends RoutingControllersOptions {
  /** Overrides of `config/api.ts`, merged over the defaults and the project's file. */
  api?: ApiConfigInput;
  /** Hears every error response; the default logs 5xx errors (to `logger` when given, else to stderr). */
  onError?: ErrorListener;
  /** One JSON line per request (pino's interface); none when absent. The library never uses `console`. */
  logger?: ApiLogger;
  /** The app's Sequelize instance: its statements are timed (`Server-Timing: db`) and `api.transaction()` uses it. */
  sequelize?: Sequelize;
  /**
   * Who is asking, answered before each action runs (may be async; throw an `UnauthorizedError` for
   * a bad token). Default, when `policies` are given: routing-controllers' `currentUserChecker`, which
   * must then answer null (not throw) for an anonymous caller. `null`/`undefined`: nobody.
   */
  principal?: PrincipalResolver;
  /** What each caller may see of each model (`definePolicy()`); a model without one is read as before. */
  policies?: readonly Policy[];
  /**
   * With policies, the request headers the principal is read from: every answer names them in `Vary`,
   * so that a shared cache never hands one caller's answer to another. Default: Authorization, Cookie.
   */
  principalHeaders?: readonly string[];
}

/** The policies by the model each governs; a model governed twice is an error at start-up. */
function policiesByModel(policies: readonly Policy[] | undefined): ReadonlyMap<unknown, Policy> | undefined {
  if (!policies || policies.length === 0) return undefined;
  const byModel = new Map<unknown, Policy>();
  for (const policy of policies) {
    if (byModel.has(policy.model)) throw new ApiError('RCA_POLICY_INVALID', { model: policy.model.name, reason: 'it has two policies' });
    byModel.set(policy.model, policy);
  }
  return byModel;
}

/** The Sequelize instances a request's statements may go through: the app's, and each governed model's. */
function databasesOf(sequelize: Sequelize | undefined, policies: readonly Policy[]): Set<Sequelize> {
  const databases = new Set<Sequelize>(sequelize ? [sequelize] : []);
  for (const { model } of policies) {
    try {
      if (model.sequelize) databases.add(model.sequelize);
    } catch {
      // A model not initialised yet has no Sequelize to read from.
    }
  }
  return databases;
}

/** The default error listener: a 5xx error with its request id, to the logger or to stderr. */
function logServerErrors(logger: ApiLogger | undefined): ErrorListener {
  return (error, status) => {
    if (status < 500) return;
    const requestId = requestStorage.getStore()?.requestId;
    if (logger) logger.error({ err: error, request_id: requestId, status }, 'request failed');
    else process.stderr.write(`[${requestId ?? '-'}] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  };
}

interface UseFn {
  use(...args: unknown[]): unknown;
}

function frameworkOf(app: unknown): FrameworkName {
  const candidate = app as Record<string, unknown> | undefined;
  if (typeof candidate?.use === 'function' && typeof candidate.callback === 'function' && 'middleware' in candidate) return 'koa';
  if (typeof app === 'function' && typeof candidate?.handle === 'function' && typeof candidate?.use === 'function') return 'express';
  throw new ApiError('RCA_FRAMEWORK_UNKNOWN');
}

/**
 * Wires routing-controllers-api into an Express or Koa application (the "service provider"):
 * request context, config, route names, the global interceptor, and one error handling for both
 * frameworks (JSON errors, JSON 404 for unknown routes). Call it after your own middlewares and
 * instead of `useExpressServer` / `useKoaServer`; it takes the same options.
 *
 * @example
 * const app = useApi(express(), { controllers: [BookController], api: { serializer: 'data-array' } });
 * app.listen(3000);
 */
export function useApi<TApp>(app: TApp, options: UseApiOptions = {}): TApp {
  const {
    api,
    logger,
    sequelize,
    onError = logServerErrors(logger),
    principal,
    policies,
    principalHeaders = ['Authorization', 'Cookie'],
    ...routing
  } = options;
  const framework = frameworkOf(app);
  if (sequelize) {
    observeDatabase(sequelize);
    endFailedSqliteTransactions(sequelize);
    oneStatementAtATime(sequelize);
    survivePostgresConnectionErrors(sequelize);
    readSqliteDatesExactly(sequelize);
  }
  const governed = policiesByModel(policies);
  if (governed) for (const database of databasesOf(sequelize, policies!)) applyPoliciesToStatements(database);
  // Every declared name against the models and transformers: a typo stops the app here, not a client later.
  const transformerModels = checkDeclarations(routedActions(routing.controllers), modelsOf(sequelize), governed !== undefined);
  const state: AppState = Object.freeze({
    framework,
    config: resolveConfig(api),
    routes: new RouteRegistry(),
    listener: listenerOf(app, framework),
    controllers: { controllers: routing.controllers, routePrefix: routing.routePrefix, validation: routing.validation },
    onError,
    logger,
    sequelize,
    policies: governed,
    varyBy: governed ? principalHeaders : undefined,
    transformerModels,
    // routing-controllers' currentUserChecker stands in only where policies need a principal: an app
    // without them keeps calling it for @CurrentUser alone (a checker that refuses nobody stays as it was).
    principal: principal ?? (governed ? (routing.currentUserChecker as PrincipalResolver | undefined) : undefined),
  });
  const server = app as unknown as UseFn;
  const settings: RoutingControllersOptions = {
    ...routing,
    validation: bodyValidation(routing.validation),
    defaultErrorHandler: false,
    interceptors: [ApiInterceptor, ...((routing.interceptors ?? []) as Array<new (...args: never[]) => unknown>)],
  };
  if (framework === 'express') {
    declareRoutingFields(app as unknown as Parameters<typeof declareRoutingFields>[0]);
    server.use(expressContext(state));
    server.use(expressBody(state));
    createExecutor(Object.assign(new ExpressApiDriver(app), { state, queryValidation: queryValidation(routing.validation) }), settings);
    server.use(expressNotFound(state));
    server.use(expressErrors(state, onError));
  } else {
    server.use(koaContextAndErrors(state, onError));
    createExecutor(Object.assign(new KoaApiDriver(app), { state, queryValidation: queryValidation(routing.validation) }), settings);
  }
  attachApiState(app, state);
  setDefaultApp(state);
  return app;
}

/** Express apps are listeners; Koa composes its middleware on the first callback(), made when first needed. */
function listenerOf(app: unknown, framework: FrameworkName): () => RequestListener {
  if (framework === 'express') return () => app as RequestListener;
  let listener: RequestListener | undefined;
  return () => (listener ??= (app as { callback(): RequestListener }).callback());
}
