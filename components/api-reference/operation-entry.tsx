import { describeType, SchemaFields, type JsonSchema } from './schema-fields';

type Parameter = { name: string; in: string; required: boolean; schema: JsonSchema };
type Response = { description: string; content?: { 'application/json': { schema: JsonSchema } } };
export type OperationDoc = {
  operationId: string; summary: string; security: Record<string, unknown>[]; parameters: Parameter[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } }; responses: Record<string, Response>;
};

/** One operation of the API reference: method, path, who may call it, inputs and answers. */
export function OperationEntry({ method, path, operation }: { method: string; path: string; operation: OperationDoc }) {
  const firstParty = 'appToken' in (operation.security[0] ?? {});
  const statuses = Object.entries(operation.responses);
  const success = statuses.find(([status]) => status.startsWith('2'));
  return (
    <article id={operation.operationId} className="rounded-lg border border-line bg-surface p-4">
      <h3 className="flex flex-wrap items-baseline gap-2 text-lg font-semibold">
        <span className="rounded bg-accent-soft px-2 py-0.5 font-mono text-sm">{method.toUpperCase()}</span>
        <code className="break-all">{path}</code>
      </h3>
      <p className="mt-1">{operation.summary}</p>
      <p className="mt-1 text-sm text-muted">{firstParty ? 'First-party: the app token only; API keys get 403.' : 'Bearer: an API key or the app token.'}</p>
      {operation.parameters.length > 0 && (
        <div className="overflow-x-auto">
          {/* Long names and types wrap anywhere so the table fits a phone instead of scrolling sideways. */}
          <table className="mt-3 w-full text-left text-sm [overflow-wrap:anywhere]">
            <caption className="text-left font-semibold">Parameters</caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-1 pr-3">Name</th>
                <th scope="col" className="whitespace-nowrap py-1 pr-3 [overflow-wrap:normal]">In</th>
                <th scope="col" className="py-1 pr-3">Type</th>
                <th scope="col" className="whitespace-nowrap py-1 [overflow-wrap:normal]">Required</th>
              </tr>
            </thead>
            <tbody>
              {operation.parameters.map((parameter) => (
                <tr key={`${parameter.in}-${parameter.name}`} className="border-b border-line">
                  <td className="py-1 pr-3 font-mono">{parameter.name}</td>
                  <td className="whitespace-nowrap py-1 pr-3 [overflow-wrap:normal]">{parameter.in}</td>
                  <td className="py-1 pr-3">{describeType(parameter.schema)}</td>
                  <td className="whitespace-nowrap py-1 [overflow-wrap:normal]">{parameter.required ? 'yes' : 'no'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {operation.requestBody && <div className="mt-3"><SchemaFields caption="Request body" schema={operation.requestBody.content['application/json'].schema} /></div>}
      {success?.[1].content && <div className="mt-3"><SchemaFields caption={`Answer ${success[0]}`} schema={success[1].content['application/json'].schema} /></div>}
      <p className="mt-3 text-sm"><span className="font-semibold">Statuses: </span>{statuses.map(([status, response]) => `${status} ${response.description}`).join(' · ')}</p>
    </article>
  );
}
