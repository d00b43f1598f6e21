// Copied by remitgen from its runtime (src/runtime/schema.ts). DO NOT EDIT.

/**
 * The schemas directly inside a node, in written order: members, the map's
 * values, items, variants, parts. References are not followed.
 */
export function childSchemas(node) {
  const out = (node.properties ?? []).map((property) => property.schema);
  if (typeof node.additionalProperties === "object")
    out.push(node.additionalProperties);
  if (node.items !== undefined) out.push(node.items);
  return [...out, ...(node.variants ?? []), ...(node.parts ?? [])];
}
/** The names a discriminated union maps its values to: each variant by its name, unless `mapping` says otherwise. */
export function discriminatorValues(union) {
  const mapping = union.discriminator?.mapping ?? [];
  const mapped = new Set(mapping.map((entry) => entry.schema));
  const implicit = union.variants.flatMap((variant) =>
    variant.kind === "ref" && !mapped.has(variant.name)
      ? [{ value: variant.name, schema: variant.name }]
      : [],
  );
  return [...mapping, ...implicit];
}
