import type { AppState } from '../context/RequestContext';
import { rulesFor, type RulesSource } from '../context/rulesFor';

/** Distinct documents kept per app: a policy whose names depend on more than a role still cannot grow it without bound. */
const KEPT = 32;

const byApp = new WeakMap<AppState, Map<string, Record<string, unknown>>>();

/**
 * What a principal's document depends on: for each model under a policy, the attributes it may not
 * read or write and the associations it may not use (its rows do not change the document). Two
 * callers of one role share it.
 */
function rulesKey(source: RulesSource): string {
  const parts: string[] = [];
  for (const model of source.app.policies?.keys() ?? []) {
    const { hidden, hiddenRelations, readOnly } = rulesFor(source, model);
    parts.push([[...hidden].sort(), [...hiddenRelations].sort(), [...readOnly].sort()].map((names) => names.join(',')).join('|'));
  }
  return parts.join(';');
}

/**
 * The document of what `source`'s principal may do: built once per distinct set of names its
 * policies hide (so a docs route asked by every caller builds one document per role, not one per
 * request), at most `KEPT` of them per app, the oldest given up first.
 *
 * @example
 * documentForRules({ app, principal: reader }, () => buildOpenApiDocument({ ...options, access }));
 */
export function documentForRules(source: RulesSource, build: () => Record<string, unknown>): Record<string, unknown> {
  let documents = byApp.get(source.app);
  if (!documents) byApp.set(source.app, (documents = new Map<string, Record<string, unknown>>()));
  const key = rulesKey(source);
  let document = documents.get(key);
  if (!document) {
    document = build();
    if (documents.size >= KEPT) documents.delete(documents.keys().next().value!);
    documents.set(key, document);
  }
  return document;
}
