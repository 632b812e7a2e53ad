import { Controller, ContentType, Get } from 'routing-controllers';
import { Service } from 'typedi';
import { currentContext, AppState } from '../context/RequestContext';
import { buildOpenApiDocument, OpenApiInfo } from './buildDocument';
import { accessView } from '../transformer/AccessView';
import { documentForRules } from './documentsByRules';
import { docsAsset, docsPage, docsScript, hasSwaggerUi, missingDocsPage, swaggerUiRoot } from './docsPage';

/** Marks the controllers made by docsController(), which the document leaves out. */
export const DOCS_CONTROLLER = Symbol.for('routing-controllers-api:docs-controller');

const documents = new WeakMap<AppState, Record<string, unknown>>();

/**
 * The OpenAPI document of the app serving the current request, built once per app. Given a
 * `principal` (an app with policies), the document of what that principal may do: its fields,
 * filters, sorts, includes and writable fields only (built once per distinct set of names the
 * policies hide from it: documentForRules()).
 *
 * @example
 * openApiDocument({ title: 'Books' }); // everything
 * openApiDocument({ principal: reader }); // what a reader may ask
 */
export function openApiDocument(
  options: OpenApiInfo & { principal?: unknown } = {},
  app: AppState = currentContext('openApiDocument()').app,
): Record<string, unknown> {
  const { principal, ...info } = options;
  const source = { app, principal: principal ?? null };
  const access = 'principal' in options ? accessView(source) : undefined;
  const authenticated = app.principal !== undefined;
  if (access) return documentForRules(source, () => buildOpenApiDocument({ config: app.config, routing: documentedRouting(app), info, access, authenticated }));
  let document = documents.get(app);
  if (!document) documents.set(app, (document = buildOpenApiDocument({ config: app.config, routing: documentedRouting(app), info, authenticated })));
  return document;
}

/** The app's controllers less the docs controllers themselves. */
function documentedRouting(app: AppState): NonNullable<AppState['controllers']> {
  const controllers = app.controllers?.controllers;
  const own = (
    Array.isArray(controllers) ? (controllers as unknown[]).filter((c) => !(typeof c === 'function' && DOCS_CONTROLLER in c)) : controllers
  ) as typeof controllers;
  return { ...app.controllers, controllers: own };
}

/**
 * A controller serving the app's OpenAPI document at `<path>/openapi.json` and a reference page
 * (Swagger UI, from the installed swagger-ui-dist, no CDN) at `<path>/docs`. Add it to the
 * controllers given to useApi().
 *
 * @example
 * useApi(app, { controllers: [BooksController, docsController({ path: '/v1', info: { title: 'Books API' } })] });
 */
export function docsController({
  path = '',
  info = {},
  assets = swaggerUiRoot(),
  perPrincipal,
}: {
  path?: string;
  info?: OpenApiInfo;
  /** The directory of Swagger UI's files; default: the installed `swagger-ui-dist`. */
  assets?: string | null;
  /**
   * With policies: `openapi.json` describes what the caller asking for it may do (its principal).
   * Default: true when the app has policies (each caller gets its own); false serves everyone the whole.
   */
  perPrincipal?: boolean;
} = {}): new () => object {
  const available = hasSwaggerUi(assets);
  // Said once, when the app is made, through Node's warnings (the library writes no console lines).
  if (!available) process.emitWarning(`${path}/docs will explain that Swagger UI is missing: npm install swagger-ui-dist`, 'RoutingControllersApiWarning');
  @Service()
  @Controller(path)
  class DocsController {
    static readonly [DOCS_CONTROLLER] = true;

    @Get('/openapi.json')
    @ContentType('application/json; charset=utf-8')
    openapi() {
      const context = currentContext('openapi');
      const own = perPrincipal ?? context.app.policies !== undefined;
      return own ? openApiDocument({ ...info, principal: context.principal }) : openApiDocument(info);
    }

    @Get('/docs')
    @ContentType('text/html; charset=utf-8')
    docs() {
      const title = info.title ?? 'API reference';
      if (!available) return missingDocsPage({ title, specUrl: `${routePrefix()}${path}/openapi.json` });
      return docsPage({ title, assetsUrl: `${routePrefix()}${path}/docs` });
    }

    @Get('/docs/start.js')
    @ContentType('text/javascript; charset=utf-8')
    docsScript() {
      return docsScript(`${routePrefix()}${path}/openapi.json`);
    }

    @Get('/docs/swagger-ui.css')
    @ContentType('text/css; charset=utf-8')
    docsCss() {
      return docsAsset('swagger-ui.css', assets);
    }

    @Get('/docs/swagger-ui-bundle.js')
    @ContentType('text/javascript; charset=utf-8')
    docsBundle() {
      return docsAsset('swagger-ui-bundle.js', assets);
    }
  }
  return DocsController;
}

function routePrefix(): string {
  return currentContext().app.controllers?.routePrefix ?? '';
}
