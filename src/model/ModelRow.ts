import type { Model, ModelStatic } from 'sequelize';
import { ApiError } from '../errors/ApiError';
import { isVirtualAttribute } from './storedAttribute';

type AnyModel = ModelStatic<Model>;

/** What an instance has beyond its attributes (sequelize-typescript's Model also declares `id` and the timestamps, which rows have). */
type InstanceMembers = Exclude<keyof Model, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'version'>;

/**
 * What a transformer receives on the toolkit's read path (`paginate()`, `cursorPaginate()`,
 * `findOrFail()` on a GET, every include level): the model's attributes as read, typed as a model
 * instance holds them, with `get()` and `toJSON()`; not the instance's methods, association getters
 * or setters. A model instance is one too, so a transformer typed against the model keeps working.
 * A transformer that needs instances says so (`instances = true`); a model with custom getters,
 * virtual attributes or methods of its own always gets them.
 *
 * @example
 * class BookTransformer extends Transformer<ModelRow<Book>> {
 *   transform(book: ModelRow<Book>) { return { id: book.id, title: book.title }; }
 * }
 */
export type ModelRow<M> = Omit<M, InstanceMembers> & {
  get(attribute: string): unknown;
  get(options?: { plain?: boolean }): Record<string, unknown>;
  toJSON(): object;
};

/** The reading methods rows share with model instances; one prototype per model holds them. */
class RowBase {
  /** `get('title')`: one value; `get()` or `get({ plain: true })`: all of them as a plain object. */
  get(attribute?: unknown): unknown {
    return typeof attribute === 'string' ? (this as Record<string, unknown>)[attribute] : { ...this };
  }

  getDataValue(attribute: string): unknown {
    return (this as Record<string, unknown>)[attribute];
  }

  /** The values themselves, as `dataValues` of an instance: the toolkit reads keys from either. */
  get dataValues(): Record<string, unknown> {
    return this as Record<string, unknown>;
  }

  toJSON(): object {
    return { ...this };
  }
}

type RowClass = typeof RowBase;
const classes = new WeakMap<AnyModel, RowClass>();

/**
 * The row class of a model: its prototype answers `constructor` with the model, as an instance's
 * does, and each method of an instance that a row does not have (`save()`, `getAuthor()`, ...)
 * with RCA_ROW_NOT_INSTANCE, which says what to do, rather than "is not a function".
 */
function rowClass(model: AnyModel): RowClass {
  let made = classes.get(model);
  if (!made) {
    made = class extends RowBase {};
    const own = new Set(Object.getOwnPropertyNames(RowBase.prototype));
    for (let proto = model.prototype as object; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object) {
      for (const [method, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(proto))) {
        if (own.has(method) || typeof descriptor.value !== 'function') continue;
        own.add(method);
        Object.defineProperty(made.prototype, method, { value: notAnInstance(model.name, method), configurable: true });
      }
    }
    Object.defineProperty(made.prototype, 'constructor', { value: model });
    classes.set(model, made);
  }
  return made;
}

function notAnInstance(model: string, method: string): () => never {
  return () => {
    throw new ApiError('RCA_ROW_NOT_INSTANCE', { model, method });
  };
}

/**
 * `values` (a plain object of `model`'s attributes under their names) made a row of `model`: the
 * object itself, not a copy, takes the row prototype (rows read by one statement share one shape,
 * their keys in the statement's column order).
 *
 * @example
 * const row = toModelRow(Book, { id: 1, title: 'Dune' });
 * row.get('title'); // 'Dune'
 */
export function toModelRow<M extends Model>(model: ModelStatic<M>, values: Record<string, unknown>): ModelRow<M> {
  return Object.setPrototypeOf(values, rowClass(model).prototype) as ModelRow<M>;
}

/** True for a row made by {@link toModelRow} (a model instance is not one). */
export function isModelRow(value: unknown): boolean {
  return value instanceof RowBase;
}

/**
 * What Sequelize puts on every model's prototype, and sequelize-typescript's Model methods: not the
 * model's own.
 */
const BASE_METHODS = new Set([
  'constructor',
  '_customGetters',
  '_customSetters',
  'validators',
  '_hasCustomGetters',
  '_hasCustomSetters',
  'rawAttributes',
  '_isAttribute',
  '$add',
  '$set',
  '$get',
  '$count',
  '$create',
  '$has',
  '$remove',
  'reload',
]);

const needs = new WeakMap<AnyModel, boolean>();

/**
 * True when a row cannot stand in for an instance of `model`: an attribute with a getter of its
 * own or a virtual one, `getterMethods`, or a method or accessor the model's class defines
 * (association accessors and the attributes' own accessors, which Sequelize defines, aside).
 *
 * @example
 * needsInstances(Book); // false: Book declares columns and associations only
 */
export function needsInstances(model: AnyModel): boolean {
  let found = needs.get(model);
  if (found === undefined) {
    found = definesReaders(model) || definesMethods(model);
    needs.set(model, found);
  }
  return found;
}

function definesReaders(model: AnyModel): boolean {
  const attributes = Object.values(model.getAttributes()) as Array<{ get?: unknown; type?: unknown }>;
  if (attributes.some((attribute) => typeof attribute.get === 'function' || isVirtualAttribute(attribute))) return true;
  return Object.keys((model.options as { getterMethods?: object }).getterMethods ?? {}).length > 0;
}

function definesMethods(model: AnyModel): boolean {
  const associations = Object.entries(model.associations ?? {});
  const generated = new Set([
    ...Object.keys(model.getAttributes()),
    ...associations.map(([name]) => name),
    ...associations.flatMap(([, association]) => accessorsOf(association)),
  ]);
  // Up from the model's class to Sequelize's Model, whose prototype is the one that has `save`.
  for (let proto = model.prototype as object; proto && !Object.prototype.hasOwnProperty.call(proto, 'save'); proto = Object.getPrototypeOf(proto) as object) {
    for (const name of Object.getOwnPropertyNames(proto)) if (!generated.has(name) && !BASE_METHODS.has(name)) return true;
  }
  return false;
}

function accessorsOf(association: unknown): string[] {
  return Object.values((association as { accessors?: Record<string, string> }).accessors ?? {});
}
