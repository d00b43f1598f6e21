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
/**
 * Named schemas whose values differ by direction: those holding a readOnly
 * or writeOnly member, and those referring to one, however indirectly.
 */
export function oneWaySchemas(schemas) {
  const marked = new Set();
  const referrers = new Map();
  const pending = [];
  for (const { name, schema } of schemas) {
    const stack = [schema];
    for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
      if (node.kind === "ref") {
        const list = referrers.get(node.name);
        if (list === undefined) referrers.set(node.name, [name]);
        else list.push(name);
      }
      if (
        node.kind === "object" &&
        node.properties.some(
          (property) =>
            property.readOnly === true || property.writeOnly === true,
        ) &&
        !marked.has(name)
      ) {
        marked.add(name);
        pending.push(name);
      }
      stack.push(...childSchemas(node));
    }
  }
  for (let name = pending.pop(); name !== undefined; name = pending.pop())
    for (const referrer of referrers.get(name) ?? [])
      if (!marked.has(referrer)) {
        marked.add(referrer);
        pending.push(referrer);
      }
  return marked;
}
