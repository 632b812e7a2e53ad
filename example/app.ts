import 'reflect-metadata';
import type { RequestListener } from 'node:http';
import express from 'express';
import Koa from 'koa';
import { useContainer } from 'routing-controllers';
import { Container } from 'typedi';
import { ApiConfigInput, ErrorListener, useApi } from '../src';
import type { ExampleFramework } from './config';
import { AuthorsController } from './controllers/AuthorsController';
import { BooksController } from './controllers/BooksController';
import { PublishersController } from './controllers/PublishersController';

useContainer(Container);

export const exampleControllers = [BooksController, AuthorsController, PublishersController];

export interface ExampleAppOptions {
  api?: ApiConfigInput;
  onError?: ErrorListener;
}

/**
 * The books API on Express or Koa: the same controllers, the same responses. Returns the
 * request listener to serve (http.createServer(listener)).
 */
export function createExampleApp(framework: ExampleFramework, { api, onError }: ExampleAppOptions = {}): RequestListener {
  const options = {
    controllers: exampleControllers,
    validation: { whitelist: true, forbidUnknownValues: true, validationError: { target: false, value: false } },
    api,
    onError,
  };
  if (framework === 'koa') return useApi(new Koa(), options).callback();
  return useApi(express().disable('x-powered-by'), options);
}
