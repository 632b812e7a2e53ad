import type { RequestContext } from '../context/RequestContext';
import { actionTransformer } from '../metadata/actionMetadata';
import type { ReadAs } from './selectModels';

/**
 * What the current action's own reads (`paginate()`, `cursorPaginate()`, `findOrFail()` on a GET)
 * hand on: rows when the config says `readAs: 'rows'` and the action's transformer does not declare
 * `instances`; instances otherwise.
 *
 * @example
 * const rows = await readRows(Book, { limit: 5 }, readAsFor(context));
 */
export function readAsFor(context: RequestContext): ReadAs {
  if (context.app.config.readAs !== 'rows') return 'instances';
  return (actionTransformer(context) as { instances?: unknown } | undefined)?.instances === true ? 'instances' : 'rows';
}
