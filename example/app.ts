import 'reflect-metadata';
import type { RequestListener } from 'node:http';
import express from 'express';
import Koa from 'koa';
import { useContainer } from 'routing-controllers';
import { Container } from 'typedi';
import type { Sequelize } from 'sequelize';
import { ApiConfigInput, ApiLogger, docsController, ErrorListener, useApi, UseApiOptions } from '../src';
import { bearerPrincipal, DEVELOPMENT_KEY } from './auth';
import type { ExampleFramework } from './config';
import { examplePolicies } from './policies';
import { AuthorsController } from './controllers/AuthorsController';
import { BookGenresController } from './controllers/BookGenresController';
import { BooksController } from './controllers/BooksController';
import { CommentsController } from './controllers/CommentsController';
import { CompositionController } from './controllers/CompositionController';
import { GenresController } from './controllers/GenresController';
import { HealthController } from './controllers/HealthController';
import { IndexController } from './controllers/IndexController';
import { PublishersController } from './controllers/PublishersController';

useContainer(Container);

/**
 * The OpenAPI document at /v1/openapi.json and its reference page at /v1/docs: each caller gets the
 * document of what it may do (an anonymous caller, of what everyone may do).
 */
const DocsController = docsController({
  path: '/v1',
  info: { title: 'Books API', version: '1.0.0', description: 'The example of routing-controllers-api.' },
});

export const exampleControllers = [
  IndexController,
  HealthController,
  BooksController,
  BookGenresController,
  AuthorsController,
  PublishersController,
  GenresController,
  CommentsController,
  CompositionController,
  DocsController,
];

export interface ExampleAppOptions {
  api?: ApiConfigInput;
  onError?: ErrorListener;
  /** The database: its statements are timed, and `api.transaction()` (batches, atomic operations) uses it. */
  sequelize?: Sequelize;
  /** The request log (the server passes pino). */
  logger?: ApiLogger;
  /** Makes the Express app (the tests pass Express 5's here); default: the installed `express()`. */
  createExpress?: () => express.Express;
  /**
   * Who is asking (useApi()'s option): default, the user of the request's bearer token, verified
   * with `jwtSecret` (example/auth.ts).
   */
  principal?: UseApiOptions['principal'];
  /** What each caller may see (useApi()'s option): default, the example's (example/policies.ts); `[]`: none. */
  policies?: UseApiOptions['policies'];
  /** The key bearer tokens are signed with (the server's JWT_SECRET); default, the development key. */
  jwtSecret?: string;
}

/** An example app: the Express or Koa app itself, and the listener to serve it with. */
export interface ExampleApp {
  app: express.Express | Koa;
  listener: RequestListener;
}

/** The books API on Express or Koa: the same controllers, the same responses. */
export function createExampleApp(
  framework: ExampleFramework,
  { api, onError, sequelize, logger, createExpress = express, principal, policies = examplePolicies, jwtSecret = DEVELOPMENT_KEY }: ExampleAppOptions = {},
): ExampleApp {
  const options = {
    controllers: exampleControllers,
    api,
    onError,
    sequelize,
    logger,
    principal: principal ?? (policies.length > 0 ? bearerPrincipal(jwtSecret) : undefined),
    policies,
  };
  if (framework === 'koa') {
    const app = useApi(new Koa(), options);
    const handle = app.callback();
    return { app, listener: (req, res) => void handle(req, res) };
  }
  const app = useApi(createExpress().disable('x-powered-by'), options);
  return { app, listener: app };
}
