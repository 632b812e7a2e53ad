import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import type { IOptions } from 'class-validator-jsonschema/build/options';
import { defaultConverters, SchemaConverter } from 'class-validator-jsonschema/build/defaultConverters';
import { ValidationTypes } from 'class-validator';
import { CALENDAR_DATE_PATTERN, IS_CALENDAR_DATE } from '../validation/calendarDate';
import type { JsonSchema } from './schemaTypes';

/**
 * The request schema of a custom validator: the library's own are described by what they accept
 * (`@IsCalendarDate()`: a string of that pattern); any other keeps class-validator-jsonschema's
 * default (the property's design type).
 */
export function customValidationSchema(meta: ValidationMetadata, options: IOptions): JsonSchema | void {
  if (meta.name === IS_CALENDAR_DATE) return { type: 'string', pattern: CALENDAR_DATE_PATTERN };
  const byDesignType = defaultConverters[ValidationTypes.CUSTOM_VALIDATION] as SchemaConverter;
  return byDesignType(meta, options) as JsonSchema | void;
}
