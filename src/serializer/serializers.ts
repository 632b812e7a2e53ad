import type { SerializerName } from '../config/ApiConfig';
import { ArraySerializer } from './ArraySerializer';
import { JsonApiSerializer } from './JsonApiSerializer';
import type { Serializer } from './Serializer';

/** The serializers selectable by config `serializer`. */
export const serializers: Readonly<Record<SerializerName, Serializer>> = Object.freeze({
  array: new ArraySerializer(false),
  'data-array': new ArraySerializer(true),
  'json-api': new JsonApiSerializer(),
});
