import type { RoutingControllersOptions } from 'routing-controllers';

/**
 * class-validator's options for request bodies, safe by default: fields a request class does not
 * declare are refused (422 naming them) rather than mass-assigned, unknown objects too, and the
 * error leaves out the values sent. An app's own options win; `false` turns validation off.
 */
const SAFE_VALIDATION = Object.freeze({
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
  validationError: { target: false, value: false },
});

/** The validation useApi() gives routing-controllers: the safe defaults under the app's own options. */
export function bodyValidation(option: RoutingControllersOptions['validation']): RoutingControllersOptions['validation'] {
  if (option === false) return false;
  return { ...SAFE_VALIDATION, ...(typeof option === 'object' ? option : {}) };
}

/**
 * The validation of a `@QueryParams()` class: the query also carries this library's parameters
 * (include, fields, page, callback...), so the safe defaults' refusal of unknown fields would refuse
 * every such request; they are dropped from the object instead. Undefined (nothing changed) when
 * the app chose `forbidNonWhitelisted` itself, or turned validation off.
 */
export function queryValidation(option: RoutingControllersOptions['validation']): object | undefined {
  if (option === false || (typeof option === 'object' && 'forbidNonWhitelisted' in option)) return undefined;
  return { forbidNonWhitelisted: false };
}

/** True when request classes refuse fields they do not declare (the default): their documented schemas say so too. */
export function refusesUnknownFields(option: RoutingControllersOptions['validation']): boolean {
  const validation = bodyValidation(option);
  return typeof validation === 'object' && validation.whitelist === true && validation.forbidNonWhitelisted === true;
}
