type JsonSchema = {
  type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; items?: JsonSchema;
  enum?: unknown[]; format?: string; anyOf?: JsonSchema[]; minimum?: number; maximum?: number; default?: unknown;
  minLength?: number; maxLength?: number;
};

/** A short human description of a JSON Schema type. */
export function describeType(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.anyOf) return schema.anyOf.map(describeType).join(' or ');
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'object'];
  return types.map((type) => {
    if (type === 'array') return `array of ${describeType(schema.items)}`;
    if (type === 'string' && schema.format) return `string (${schema.format})`;
    return type;
  }).join(' or ');
}

function limits(schema: JsonSchema): string {
  const parts: string[] = [];
  if (schema.minimum !== undefined || schema.maximum !== undefined) parts.push(`${schema.minimum ?? '…'} to ${schema.maximum ?? '…'}`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined) parts.push(`length ${schema.minLength ?? 0} to ${schema.maxLength ?? '…'}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join('; ');
}

/** The fields of an object schema as a table: name, type, required, limits. */
export function SchemaFields({ schema, caption }: { schema: JsonSchema; caption: string }) {
  const target = schema.type === 'array' && schema.items ? schema.items : schema;
  const fields = Object.entries(target.properties ?? {});
  if (!fields.length) return <p className="text-sm text-muted">{caption}: {describeType(schema)}</p>;
  return (
    <div className="overflow-x-auto">
      {/* Long names and types wrap anywhere so the table fits a phone instead of scrolling sideways. */}
      <table className="mt-2 w-full text-left text-sm [overflow-wrap:anywhere]">
        <caption className="text-left font-semibold">{caption}{schema.type === 'array' ? ' (each entry)' : ''}</caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="py-1 pr-3">Field</th>
            <th scope="col" className="py-1 pr-3">Type</th>
            <th scope="col" className="whitespace-nowrap py-1 pr-3 [overflow-wrap:normal]">Required</th>
            <th scope="col" className="py-1">Limits</th>
          </tr>
        </thead>
        <tbody>
          {fields.map(([name, field]) => (
            <tr key={name} className="border-b border-line align-top">
              <td className="py-1 pr-3 font-mono">{name}</td>
              <td className="py-1 pr-3">{describeType(field)}</td>
              <td className="py-1 pr-3">{target.required?.includes(name) ? 'yes' : 'no'}</td>
              <td className="py-1">{limits(field)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export type { JsonSchema };
