import type { ActionCall, RequestContext } from '../context/RequestContext';
import { ActionApiMetadata, instantiate, isUndecorated } from '../metadata/actionMetadata';
import { readSortRequest } from '../query/parseSort';
import { readFilterRequest } from '../query/readFilter';
import { parseRequestQuery } from '../query/RequestQuery';
import { converter } from '../response/convertBody';
import { checkRequestNames } from '../transformer/checkRequestNames';
import { accessView } from '../transformer/AccessView';

/**
 * The record of the action a request runs, made before it runs. A decorated action gets its
 * transformer (made once for the request) and its query, parsed and with every name in it checked
 * against the transformers: a bad include, field, sort, page, filter or callback is a 400 before
 * the action, and before anything it would write. An undecorated action is left to read its query
 * itself; only a sort or filter that nothing would read is refused (400) where the mode reserves them.
 *
 * @example
 * context.action = recordActionCall(context, readActionMetadata(target, method));
 */
export function recordActionCall(context: RequestContext, metadata: ActionApiMetadata): ActionCall {
  if (isUndecorated(metadata)) {
    readSortRequest(context, undefined);
    readFilterRequest(context, undefined);
    return Object.freeze({ metadata, transformer: undefined, query: undefined });
  }
  const transformer = metadata.transformer && instantiate(metadata.transformer.transformer);
  const query = parseRequestQuery(context, metadata, transformer);
  if (transformer) {
    const { config } = context.app;
    const convert = converter(config.convert.key, config.convert.date);
    checkRequestNames(transformer, query, {
      resourceKey: metadata.transformer?.resourceKey,
      displayKey: (name) => convert.key(name),
      filterLimits: config.filter,
      access: accessView(context),
    });
  }
  return Object.freeze({ metadata, transformer, query });
}
