import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError } from '../errors/ApiError';

/** The Swagger UI files the reference page loads, served from the installed `swagger-ui-dist`. */
export type DocsAsset = 'swagger-ui.css' | 'swagger-ui-bundle.js';

const cache = new Map<string, Buffer>();

/** What the page needs and an install may lack: `swagger-ui-dist` is an optional peer dependency. */
const MISSING = 'the reference page needs swagger-ui-dist: npm install swagger-ui-dist';

/** The directory of the installed `swagger-ui-dist`, or null when it is not installed. */
export function swaggerUiRoot(): string | null {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require('swagger-ui-dist') as { getAbsoluteFSPath(): string }).getAbsoluteFSPath();
  } catch {
    return null;
  }
}

/** True when `root` holds the Swagger UI files the page loads. */
export function hasSwaggerUi(root: string | null): root is string {
  return root !== null && existsSync(join(root, 'swagger-ui-bundle.js')) && existsSync(join(root, 'swagger-ui.css'));
}

/** One Swagger UI file, read once from `root` (default: the installed `swagger-ui-dist`). */
export function docsAsset(name: DocsAsset, root: string | null = swaggerUiRoot()): Buffer {
  if (!hasSwaggerUi(root)) throw new ApiError('RCA_CONFIG_INVALID', { key: 'docs', reason: MISSING });
  const file = join(root, name);
  let body = cache.get(file);
  if (!body) cache.set(file, (body = readFileSync(file)));
  return body;
}

/**
 * The page served in place of the reference page when Swagger UI is not installed: it says so and
 * links the document, instead of a blank page.
 */
export function missingDocsPage({ title, specUrl }: { title: string; specUrl: string }): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    `<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    `<body><h1>${escapeHtml(title)}</h1><p>This reference page needs Swagger UI, which is not installed: run <code>npm install swagger-ui-dist</code> and restart.</p>`,
    `<p>The OpenAPI document is served all the same: <a href="${escapeHtml(specUrl)}">${escapeHtml(specUrl)}</a>.</p></body>`,
    '</html>',
  ].join('\n');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The HTML of the reference page: Swagger UI from `assetsUrl` (no CDN), showing the document at
 * `specUrl`. The start-up script is a file of its own (`docsScript()`), so a strict CSP can allow it.
 *
 * @example
 * docsPage({ title: 'Books API', assetsUrl: '/v1/docs' });
 */
export function docsPage({ title, assetsUrl }: { title: string; assetsUrl: string }): string {
  const base = escapeHtml(assetsUrl.replace(/\/$/, ''));
  return [
    '<!doctype html>',
    '<html lang="en">',
    `<head><meta charset="utf-8"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="${base}/swagger-ui.css"></head>`,
    `<body><div id="docs"></div><script src="${base}/swagger-ui-bundle.js"></script><script src="${base}/start.js"></script></body>`,
    '</html>',
  ].join('\n');
}

/** The script that starts Swagger UI on the document at `specUrl`. */
export function docsScript(specUrl: string): string {
  return `window.ui = SwaggerUIBundle({ url: ${JSON.stringify(specUrl)}, dom_id: '#docs', deepLinking: true });\n`;
}
