import type { Model, ModelStatic } from 'sequelize';
import type { RequestContext } from '../context/RequestContext';
import { actionResourceKey, actionTransformer } from '../metadata/actionMetadata';
import { requestQuery } from '../query/RequestQuery';
import { accessView } from '../transformer/AccessView';
import { fieldColumns, readableColumns } from '../transformer/fieldColumns';
import { DEFAULT_RESOURCE_TYPE } from '../transformer/Transformed';

type AnyModel = ModelStatic<Model>;

/**
 * The attributes the running action's `@Transformer` needs for the request's fieldset of its type
 * (without one, for the fields of its `schema`; see fieldColumns()), less those the request's
 * principal may not read (keys aside), or null for every column (the page query of `paginate()`
 * and `cursorPaginate()` selects these).
 */
export function actionColumns(context: RequestContext, model: AnyModel): string[] | null {
  const transformer = actionTransformer(context);
  const fieldset = transformer && requestQuery(context).fieldsets.get(actionResourceKey(context) ?? DEFAULT_RESOURCE_TYPE);
  const columns = fieldColumns(model, transformer, fieldset);
  const access = accessView(context);
  return access ? readableColumns(model, columns, access.hidden(model)) : columns;
}
