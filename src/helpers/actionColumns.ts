import type { Model, ModelStatic } from 'sequelize';
import type { RequestContext } from '../context/RequestContext';
import { actionResourceKey, actionTransformer } from '../metadata/actionMetadata';
import { requestQuery } from '../query/RequestQuery';
import { fieldColumns } from '../transformer/fieldColumns';
import { DEFAULT_RESOURCE_TYPE } from '../transformer/Transformed';

type AnyModel = ModelStatic<Model>;

/**
 * The attributes the running action's `@Transformer` needs for the request's fieldset of its type,
 * or null for every column (the page query of `paginate()` selects these).
 */
export function actionColumns(context: RequestContext, model: AnyModel): string[] | null {
  const transformer = actionTransformer(context);
  const fieldset = transformer && requestQuery(context).fieldsets.get(actionResourceKey(context) ?? DEFAULT_RESOURCE_TYPE);
  return fieldset ? fieldColumns(model, transformer, fieldset) : null;
}
