/** An attribute's definition as a model holds it (`Model.getAttributes()[name]`). */
interface AttributeDefinition {
  field?: string;
  type?: unknown;
}

/**
 * True when an attribute is read from a column of its own: declared, and not `VIRTUAL`. Sequelize
 * gives a virtual attribute a `field` too, so that alone does not tell; a SELECT that named it would
 * fail, and its value comes from its getter.
 *
 * @example
 * isStoredAttribute(Book.getAttributes().title); // true
 * isStoredAttribute(Author.getAttributes().fullName); // false: DataTypes.VIRTUAL
 */
export function isStoredAttribute(definition: AttributeDefinition | undefined): definition is AttributeDefinition & { field: string } {
  return definition?.field !== undefined && !isVirtualAttribute(definition);
}

/**
 * True for a `DataTypes.VIRTUAL` attribute: computed by its getter, never stored.
 *
 * @example
 * isVirtualAttribute(Author.getAttributes().fullName); // true
 */
export function isVirtualAttribute(definition: AttributeDefinition): boolean {
  return (definition.type as { key?: string } | undefined)?.key === 'VIRTUAL';
}
