import { createHash } from 'node:crypto';
import etag from 'etag';
import type { Model, ModelStatic } from 'sequelize';
import { isModel } from '../loader/isModel';
import { columnType } from '../model/columnType';

/**
 * The strong ETag of a response body: the same bytes always give the same tag, any change another.
 * `stamp` (a row's version, see rowStamp()) joins the body, so that a change the body does not
 * show changes the tag too.
 *
 * @example
 * entityTag('{"id":1}'); // '"8-…"'
 * entityTag('{"id":1}', 'v7'); // another tag
 */
export function entityTag(body: string, stamp = ''): string {
  return etag(stamp ? `${body}\n${stamp}` : body, { weak: false });
}

/** A model class as far as its stamps go: its options, and the timestamp attributes Sequelize resolved. */
type StampedModel = ModelStatic<Model> & { options: { version?: boolean | string; timestamps?: boolean }; _timestampAttributes?: { updatedAt?: string } };

/** The attribute Sequelize counts a row's versions in (`version: true` is `version`), if the model keeps one. */
function versionAttribute(model: StampedModel): string | undefined {
  const { version } = model.options;
  return version === true ? 'version' : typeof version === 'string' ? version : undefined;
}

/**
 * What changes with every stored change of a Sequelize row, whether or not a response shows it: its
 * version attribute (`version: true` on the model), else its `updatedAt`; '' for anything else.
 */
export function rowStamp(item: unknown): string {
  if (!isModel(item)) return '';
  const model = item.constructor as StampedModel;
  const attribute = versionAttribute(model) ?? (model.options.timestamps === false ? null : 'updatedAt');
  const value = attribute === null ? undefined : (item.dataValues as Record<string, unknown>)[attribute];
  if (value instanceof Date) return `u${value.getTime()}`;
  return typeof value === 'number' || typeof value === 'string' ? `v${value}` : '';
}

/**
 * What changes with every stored change a caller who may not read every attribute could see: the
 * row's values less the hidden ones and less its version and `updatedAt`, which move with a write of
 * a hidden attribute too (and whose number could be tried out of a tag). A field the body does not
 * show (`author_id`) still changes the tag, so a stale `If-Match` is still a 412.
 */
export function readableStamp(item: unknown, hidden: ReadonlySet<string>): string {
  if (!isModel(item)) return '';
  const model = item.constructor as StampedModel;
  const left = new Set([...hidden, versionAttribute(model), model._timestampAttributes?.updatedAt]);
  const values = item.dataValues as Record<string, unknown>;
  const attributes = model.getAttributes();
  // Each value as its column's type, so that a row read by hand (SQLite's 0 for false) and an instance tag alike.
  const readable = Object.keys(attributes)
    .filter((key) => !left.has(key) && values[key] !== undefined)
    .map((key) => [key, stampValue(columnType(attributes[key]), values[key])]);
  return `r${createHash('sha1').update(JSON.stringify(readable)).digest('base64url')}`;
}

/** A value as its column's type reads it. */
function stampValue(type: string | undefined, value: unknown): unknown {
  if (value === null) return null;
  if (value instanceof Date) return value.getTime();
  if (type === 'boolean') return Boolean(value);
  if (type === 'integer' || type === 'number') return Number(value);
  return value;
}

/** The entity tags of an If-Match or If-None-Match list, as sent: `W/"a", "b"` is `['W/"a"', '"b"']`. */
const tagList = (header: string) => header.split(',').map((tag) => tag.trim());

/** A tag without its weak prefix, for the weak comparison of If-None-Match. */
const opaque = (tag: string) => tag.replace(/^W\//, '');

/**
 * RFC 9110 `If-None-Match` on a GET or HEAD: true (answer 304) when the client already holds the
 * representation tagged `tag` (weak comparison), or sent `*`. Evaluated whatever `Cache-Control`
 * says: `no-cache` speaks to caches on the way, not to the origin (fetch() adds it to every
 * conditional request, which is why `fresh`, which gives up on it, is not used here).
 */
export function isNotModified(headers: Readonly<Record<string, string | string[] | undefined>>, tag: string): boolean {
  const header = headers['if-none-match'];
  if (header === undefined) return false;
  const value = String(header);
  return value.trim() === '*' || tagList(value).some((listed) => opaque(listed) === opaque(tag));
}

/**
 * RFC 9110 `If-Match`: `*` holds for any current representation; otherwise one listed tag must equal
 * the current one by strong comparison (a weak tag never matches). `current` is null when the
 * resource does not exist.
 */
export function ifMatchHolds(header: string, current: string | null): boolean {
  if (current === null) return false;
  if (header.trim() === '*') return true;
  return tagList(header).includes(current);
}
