import type { KeyCaseName } from './keyCase';

interface Identifier {
  type: string;
  id: string;
}
interface ResourceObject extends Identifier {
  attributes?: Record<string, unknown>;
  relationships?: Record<string, { data?: Identifier | Identifier[] | null; meta?: Record<string, unknown> }>;
  links?: Record<string, unknown>;
}

/** The members of a relationship's meta that say where an include's limit cut it. */
const CUT = ['limit', 'offset', 'more'];

/**
 * A JSON:API document's primary data as the array envelope nests it: each resource its `id`,
 * `type` and attributes, each included relationship resolved from `included` (an item or null, a
 * collection `{ data, meta? }`) as deep as the request's `include` paths go, a relationship's
 * aggregates as the fields the array envelope sends (`comments_count`, `comments_avg_rating`), keys as
 * `keys` converts them.
 *
 * @example
 * nestDocument({ data: { type: 'books', id: '1', attributes: { title: 'Dune' }, relationships: { author: { data: { type: 'authors', id: '2' } } } },
 *   included: [{ type: 'authors', id: '2', attributes: { name: 'Frank' } }] }, 'snake', ['author']);
 * // { id: '1', type: 'books', title: 'Dune', author: { id: '2', type: 'authors', name: 'Frank' } }
 */
export function nestDocument(
  document: { data?: unknown; included?: unknown },
  keys: KeyCaseName,
  include: readonly string[] = [],
  defaults: Readonly<Record<string, readonly string[]>> = {},
): unknown {
  const found = new Map<string, ResourceObject>();
  for (const resource of [...asList(document.data), ...asList(document.included)] as ResourceObject[])
    found.set(`${resource.type}\u0000${resource.id}`, resource);
  // Each relationship the request's include paths name is nested as deep as they go (a book's
  // author's books' author is the author again, nested again), as the array envelope sends them. A
  // resource appears once in a document with every relationship asked anywhere: where the paths do
  // not ask one, it is left out, as the array envelope leaves it out there.
  const nest = (resource: ResourceObject, asked: IncludeTree): Record<string, unknown> => {
    const out: Record<string, unknown> = { id: resource.id, type: resource.type, ...resource.attributes };
    if (resource.links) out.links = resource.links;
    const sentUnasked = defaults[resource.type] ?? [];
    for (const [name, relationship] of Object.entries(resource.relationships ?? {})) {
      const { data, meta } = relationship;
      // A default include is nested as if asked, with what the paths ask below it.
      const subtree = asked.get(name) ?? (sentUnasked.includes(name) ? NOTHING_BELOW : undefined);
      const resolve = (identifier: Identifier) => {
        const full = found.get(`${identifier.type}\u0000${identifier.id}`);
        return full ? nest(full, subtree!) : { ...identifier };
      };
      for (const [field, value] of aggregateFields(name, meta ?? {}, keys)) out[field] = value;
      if (!subtree) continue;
      if (Array.isArray(data)) {
        const cut = meta && Object.fromEntries(Object.entries(meta).filter(([key]) => CUT.includes(key)));
        out[name] = cut && Object.keys(cut).length > 0 ? { data: data.map(resolve), meta: cut } : { data: data.map(resolve) };
      } else if (data !== undefined) {
        out[name] = data === null ? null : resolve(data);
      }
    }
    return out;
  };
  const tree = includeTree(include);
  if (Array.isArray(document.data)) return (document.data as ResourceObject[]).map((resource) => nest(resource, tree));
  return document.data === null || document.data === undefined ? document.data : nest(document.data as ResourceObject, tree);
}

const NOTHING_BELOW: IncludeTree = new Map<string, IncludeTree>();

/** Include paths as a tree of names, their modifiers cut: `['author.books', 'comments:limit(2)']`. */
type IncludeTree = Map<string, IncludeTree>;

function includeTree(paths: readonly string[]): IncludeTree {
  const root: IncludeTree = new Map<string, IncludeTree>();
  for (const path of paths) {
    let level = root;
    for (const segment of path.split('.')) {
      const name = segment.split(':')[0];
      let next = level.get(name);
      if (!next) level.set(name, (next = new Map<string, IncludeTree>()));
      level = next;
    }
  }
  return root;
}

function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === null || value === undefined ? [] : [value];
}

/** A relationship meta's aggregates as the array envelope's fields: `count` is `comments_count`, `avg.rating` `comments_avg_rating`. */
function aggregateFields(name: string, meta: Record<string, unknown>, keys: KeyCaseName): Array<[string, unknown]> {
  const fields: Array<[string, unknown]> = [];
  for (const [key, value] of Object.entries(meta)) {
    if (CUT.includes(key)) continue;
    if (key === 'count' || key === 'exists') fields.push([joined(keys, name, key), value]);
    else if (value !== null && typeof value === 'object')
      for (const [column, result] of Object.entries(value)) fields.push([joined(keys, name, key, column), result]);
  }
  return fields;
}

/** Names joined as the server's key conversion writes an aggregate's field. */
function joined(keys: KeyCaseName, ...parts: string[]): string {
  if (keys !== 'camel') return parts.join('_');
  return parts.map((part, index) => (index === 0 ? part : part.charAt(0).toUpperCase() + part.slice(1))).join('');
}
