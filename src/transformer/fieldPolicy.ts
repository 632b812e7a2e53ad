import type { Fieldset, Fieldsets } from '../query/Fieldset';
import { fieldKey } from '../text/fieldKey';
import { checkFieldsetNames } from './checkFieldsetNames';
import type { AccessView } from './AccessView';
import { resolveFields } from './fieldValues';
import type { AnyTransformer, NullResource, Resource } from './Resource';
import { Transformer } from './Transformer';

/** How the fields of one resource type are cut down to its fieldset; checked against the first item. */
export interface FieldPolicy {
  type: string;
  fieldset: Fieldset;
  keep: (key: string) => boolean;
  checked: boolean;
}

/** The field policies of one walk: one per resource type the request gave a fieldset, made when first needed. */
export class FieldPolicies {
  private readonly policies = new Map<string, FieldPolicy | null>();

  constructor(
    private readonly fieldsets: Fieldsets,
    private readonly alwaysKeep: readonly string[] = ['id'],
    private readonly displayKey?: (name: string) => string,
    private readonly access?: AccessView,
  ) {}

  /** The field policy of a resource type: null when the request gave it no fieldset. */
  of(type: string): FieldPolicy | null {
    if (this.fieldsets.size === 0) return null;
    let policy = this.policies.get(type);
    if (policy === undefined) {
      const fieldset = this.fieldsets.get(type);
      const always = new Set(this.alwaysKeep.map(fieldKey));
      policy = fieldset ? { type, fieldset, keep: (key) => fieldset.has(key) || always.has(fieldKey(key)), checked: false } : null;
      this.policies.set(type, policy);
    }
    return policy;
  }

  /**
   * The field policy of a resource's type (its resource key, else `type`). A transformer that
   * declares its fields (`schema`) answers for its type even when no item of it is sent: checked here.
   */
  ofResource(resource: Exclude<Resource, NullResource>, type: string): FieldPolicy | null {
    const policy = this.of(resource.resourceKey ?? type);
    const { transformer } = resource;
    if (policy && !policy.checked && transformer instanceof Transformer && transformer.schema) this.check(policy, transformer.schema, transformer);
    return policy;
  }

  /** The fields as sent: lazy values computed, missing ones dropped, the fieldset applied (checked once per type). */
  finish(fields: Record<string, unknown>, transformer: AnyTransformer, policy: FieldPolicy | null): Record<string, unknown> {
    if (policy && !policy.checked) this.check(policy, fields, transformer);
    // Without a fieldset, lazy and missing values are resolved by the serializer as it converts the fields.
    return policy ? resolveFields(fields, policy.keep) : fields;
  }

  /** Every name of a fieldset must be a field or an include of the type (checked once per type). */
  check(policy: FieldPolicy, fields: Record<string, unknown>, transformer: AnyTransformer): void {
    checkFieldsetNames(policy.fieldset, Object.keys(fields), transformer, this.displayKey, this.access);
    policy.checked = true;
  }

  /** The fieldset of a resource type, if the request gave one. */
  fieldsetOf(type: string): Fieldset | undefined {
    return this.fieldsets.get(type);
  }
}
