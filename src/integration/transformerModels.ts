import type { Model, ModelStatic } from 'sequelize';
import type { Transformer } from '../transformer/Transformer';

type AnyModel = ModelStatic<Model>;

/** Each transformer class the start-up checks walked: one of its instances, and every model it was met with (undefined: unknown). */
export type TransformersMet = Map<object, { transformer: Transformer; models: Set<AnyModel | undefined> }>;

/** The model of each transformer class reached from a route, when the app starts: declared (`model`), or met with one alone. */
export type TransformerModels = ReadonlyMap<object, AnyModel>;

/**
 * The model of each transformer met: the one it declares, else the one model it was met with. With
 * policies, a transformer whose model stays unknown is a problem (pushed to `problems`): the names a
 * request gives (fields, includes, sorts, filters of its includes) are checked against its model's
 * policy before the action.
 *
 * @example
 * transformerModels(met, problems, true); // Map { BookTransformer => Book, ... }
 */
export function transformerModels(met: TransformersMet, problems: string[], policies: boolean): TransformerModels {
  const learnt = new Map<object, AnyModel>();
  for (const [maker, { transformer, models }] of met) {
    const known = [...models].filter((model): model is AnyModel => model !== undefined);
    const model = transformer.model?.() ?? (known.length === 1 ? known[0] : undefined);
    if (model) learnt.set(maker, model);
    else if (policies) {
      const seen = known.length > 1 ? `it is met with ${known.map((candidate) => candidate.name).join(' and ')}` : 'no route or include names it';
      problems.push(
        `${transformer.constructor.name}: its model is not known (${seen}): declare \`model = () => TheModel\`, which policies need to check the names a request gives`,
      );
    }
  }
  return learnt;
}
