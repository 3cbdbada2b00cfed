// The JSON schema of autofix.json as the extension ships it: for completion, hovers and snippets
// only. The language server already reports every problem of a rules file (missing fields,
// wrong types, unknown categories, broken checks) in words of its own, with the rule's number;
// validating against the schema as well showed each problem twice. So every constraint is
// dropped, and enumerations stay as suggestions (`anyOf` with an unconstrained branch).

const CONSTRAINTS = new Set([
  'required', 'type', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum',
  'exclusiveMaximum', 'pattern', 'minItems', 'maxItems', 'uniqueItems', 'format', 'const',
  'not', 'minProperties', 'maxProperties',
]);

/** `schema` without its constraints (a new object; `schema` is left as it was). */
export function completionSchema(schema) {
  if (Array.isArray(schema)) return schema.map(completionSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (CONSTRAINTS.has(key)) continue;
    if (key === 'additionalProperties' && value === false) continue;
    // Snippet bodies and defaults are data, not schemas.
    if (key === 'defaultSnippets' || key === 'default' || key === 'examples') {
      out[key] = value;
      continue;
    }
    out[key === 'oneOf' ? 'anyOf' : key] = completionSchema(value);
  }
  if (Array.isArray(out.enum)) {
    const choices = { enum: out.enum };
    if (out.markdownEnumDescriptions) choices.markdownEnumDescriptions = out.markdownEnumDescriptions;
    delete out.enum;
    delete out.markdownEnumDescriptions;
    out.anyOf = [...(out.anyOf ?? []), choices, {}];
  }
  return out;
}
