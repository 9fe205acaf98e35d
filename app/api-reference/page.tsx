import type { Metadata } from 'next';
import { openApiDocument } from '@/lib/contract/openapi';
import { OperationEntry, type OperationDoc } from '@/components/api-reference/operation-entry';

export const metadata: Metadata = { title: 'API reference' };

/** The readable API reference, made from the same route table the service and the client use. */
export default function ApiReferencePage() {
  const document = openApiDocument();
  const entries = Object.entries(document.paths as Record<string, Record<string, OperationDoc>>)
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));
  const groups = new Map<string, typeof entries>();
  for (const entry of entries) {
    const group = entry.path.split('/')[2];
    groups.set(group, [...(groups.get(group) ?? []), entry]);
  }
  return (
    <div className="space-y-8">
      <header className="max-w-prose space-y-2">
        <h1 className="text-2xl font-bold">API reference</h1>
        <p>
          Every operation of the feed-reader service, version {(document.info as { version: string }).version}. Send an API key as
          {' '}<code>Authorization: Bearer tid_live_…</code>; create keys in Settings or with <code>npm run -s tidings -- key create</code>.
          Errors answer <code>{'{ "message": … }'}</code>; a 422 joins one sentence per invalid field; every 429 carries <code>Retry-After</code>.
        </p>
        <p>The machine-readable document is at <a className="underline" href="/v1/openapi.json">/v1/openapi.json</a> (OpenAPI 3.1).</p>
      </header>
      {[...groups].map(([group, operations]) => (
        <section key={group} aria-labelledby={`group-${group}`} className="space-y-3">
          <h2 id={`group-${group}`} className="text-xl font-semibold capitalize">{group.replace(/-/g, ' ')}</h2>
          {operations.map(({ path, method, operation }) => <OperationEntry key={`${method} ${path}`} method={method} path={path} operation={operation} />)}
        </section>
      ))}
    </div>
  );
}
