/** One to-one relationship of a request document, and the body field it became. */
export interface DocumentRelationship {
  /** As the document names it: `author`. */
  readonly name: string;
  /** The flat body field: `author_id`. */
  readonly field: string;
  /** The resource identifier, or null to clear it. */
  readonly linkage: { readonly type: string; readonly id: string } | null;
}

/** What a JSON:API request document says beyond its fields: checked against the route before the action runs. */
export interface DocumentResource {
  readonly type: string;
  /** `data.id` as sent; undefined when absent. */
  readonly id: string | undefined;
  readonly relationships: readonly DocumentRelationship[];
}
