import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError } from '../errors/ApiError';

/** The Swagger UI files the reference page loads, served from the installed `swagger-ui-dist`. */
export type DocsAsset = 'swagger-ui.css' | 'swagger-ui-bundle.js';

const cache = new Map<DocsAsset, Buffer>();

/** One Swagger UI file, read once from `swagger-ui-dist` (an optional peer dependency: install it for the page). */
export function docsAsset(name: DocsAsset): Buffer {
  let body = cache.get(name);
  if (!body) {
    let root: string;
    try {
      // Loaded when the page is first asked for: an optional peer dependency, absent from most installs.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      root = (require('swagger-ui-dist') as { getAbsoluteFSPath(): string }).getAbsoluteFSPath();
    } catch {
      throw new ApiError('RCA_CONFIG_INVALID', { key: 'docs', reason: 'the reference page needs swagger-ui-dist: npm install swagger-ui-dist' });
    }
    cache.set(name, (body = readFileSync(join(root, name))));
  }
  return body;
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
