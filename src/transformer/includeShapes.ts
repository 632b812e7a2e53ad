import { RelatedRef } from '../loader/RelatedRef';
import { instantiate } from '../metadata/actionMetadata';
import { includeMethods } from './includeMethods';
import { CollectionResource, ItemResource } from './Resource';
import { Transformer } from './Transformer';
import { defaultIncludeParams } from './IncludeParamsReader';

/** What an include of a transformer gives: its kind, and the transformer and type of what it includes. */
export interface IncludeShape {
  name: string;
  kind: 'item' | 'collection' | 'unknown';
  transformer?: Transformer;
  type: string;
  /** The method that serves it, for messages: `includeLatestCommentBatch`. */
  method: string;
  /** The association its method names with `this.related(model, '...')`, when it does. */
  relation?: string;
}

/**
 * The includes of a transformer as its include methods declare them, learnt by calling each method
 * once with a bare model (a batch method with a list of one): they only name a relation
 * (`this.related()`), so nothing is loaded. An async method is learnt as its promise settles (the
 * app's start-up check asks, so before its first request). A method that needs real data (one whose
 * branch depends on the model) stays open: its transformer is the one `includeTransformers` declares
 * for it, else unknown, and the relation it names is checked against the caller's policy as it runs.
 */
export function includeShapes(transformer: Transformer): IncludeShape[] {
  let shapes = shapeCache.get(transformer.constructor);
  if (!shapes) shapeCache.set(transformer.constructor, (shapes = learnShapes(transformer)));
  return shapes;
}

/** Learnt once per transformer class: include methods name the same relations for every model. */
const shapeCache = new WeakMap<object, IncludeShape[]>();

function learnShapes(transformer: Transformer): IncludeShape[] {
  const names = [...new Set([...transformer.availableIncludes, ...transformer.defaultIncludes])];
  return names.map((name): IncludeShape => {
    const { item, batch, method } = includeMethods(transformer, name);
    const declared = transformer.includeTransformers[name];
    const source = declared === undefined ? undefined : instantiate(declared);
    // An include whose method cannot show its transformer: the one the transformer declares for it, if any.
    const open: IncludeShape = { name, kind: 'unknown', type: name, method, ...(source instanceof Transformer ? { transformer: source } : {}) };
    let resource: unknown;
    try {
      resource = batch
        ? firstOf(batch.call(transformer, [{}] as never[], defaultIncludeParams()))
        : item!.call(transformer, {} as never, defaultIncludeParams());
    } catch {
      return open;
    }
    if (resource instanceof Promise) {
      resource.then(
        (settled) => Object.assign(open, shapeOf(name, method, settled, open)),
        () => undefined,
      );
      return open;
    }
    return shapeOf(name, method, resource, open);
  });
}

/** The first resource a batch method answers, or the promise of it. */
function firstOf(resources: unknown): unknown {
  if (resources instanceof Promise) return resources.then((list: unknown): unknown => (Array.isArray(list) ? (list as unknown[])[0] : undefined));
  return Array.isArray(resources) ? resources[0] : undefined;
}

/** The shape a method's answer shows: `open` when it is not an item or collection. */
function shapeOf(name: string, method: string, resource: unknown, open: IncludeShape): IncludeShape {
  if (!(resource instanceof ItemResource) && !(resource instanceof CollectionResource)) return open;
  const child = resource.transformer instanceof Transformer ? resource.transformer : undefined;
  const relation = resource.data instanceof RelatedRef ? resource.data.association : undefined;
  return { name, kind: resource.kind, transformer: child, type: resource.resourceKey ?? name, method, ...(relation ? { relation } : {}) };
}
