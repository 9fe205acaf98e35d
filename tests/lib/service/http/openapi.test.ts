import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '@/lib/contract/operations';
import { startHarness, type Harness } from '../harness';

let h: Harness;
type Response = { headers?: Record<string, { schema: { type: string } }>; content: Record<string, { schema: unknown }> };
type Described = {
  operationId: string; security: unknown; responses: Record<string, Response>;
  parameters: { name: string; in: string; required: boolean }[]; requestBody?: { required: boolean };
};
let doc: {
  openapi: string; info: { version: string; title: string }; paths: Record<string, Record<string, Described>>;
  components: { securitySchemes: Record<string, unknown> }; servers: { url: string }[];
};
beforeAll(async () => {
  h = await startHarness();
  const answer = await h.call('GET', '/v1/openapi.json');
  expect(answer.status).toBe(200);
  doc = answer.body;
});
afterAll(async () => { await h.stop(); });

// SPEC.md's operations, written out from its Endpoints section.
const specOperations: [string, string][] = [
  ['get', '/v1/items'], ['put', '/v1/items'], ['patch', '/v1/items'],
  ['get', '/v1/items/{item_id}'], ['patch', '/v1/items/{item_id}'],
  ['get', '/v1/items/{item_id}/similar'], ['post', '/v1/items/{item_id}/readlater'],
  ['post', '/v1/items/{item_id}/playback-progress'], ['get', '/v1/stories'],
  ['get', '/v1/subscriptions'], ['post', '/v1/subscriptions'], ['patch', '/v1/subscriptions'], ['delete', '/v1/subscriptions'],
  ['get', '/v1/subscriptions/check'], ['get', '/v1/subscriptions/{subscription_id}'],
  ['patch', '/v1/subscriptions/{subscription_id}'], ['delete', '/v1/subscriptions/{subscription_id}'],
  ['post', '/v1/subscriptions/newsletters'], ['get', '/v1/search'], ['get', '/v1/search/feeds'],
  ['get', '/v1/search/folders'], ['get', '/v1/search/tags'], ['get', '/v1/search/saved-searches'],
];

// Statuses SPEC.md lists for the items operations (beyond 401, 403, 429, 503, which every operation has).
const itemStatuses: Record<string, string[]> = {
  'get /v1/items': ['200', '404', '422'],
  'put /v1/items': ['200', '404', '422'],
  'patch /v1/items': ['200', '402', '422'],
  'get /v1/items/{item_id}': ['200', '404', '422'],
  'patch /v1/items/{item_id}': ['200', '400', '402', '404', '422'],
  'get /v1/items/{item_id}/similar': ['200', '402', '422'],
  'post /v1/items/{item_id}/readlater': ['200', '400', '402', '404', '422'],
  'post /v1/items/{item_id}/playback-progress': ['200', '422'],
};

describe('GET /v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document of interface version 0.15.2, served without a key', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.version).toBe('0.15.2');
    expect(doc.info.title).toEqual(expect.any(String));
    expect(doc.servers[0].url).toBe(h.baseUrl);
    expect(Object.values(doc.components.securitySchemes)).toContainEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
  });

  it('describes every operation of the route table', () => {
    for (const [id, operation] of Object.entries(operations)) {
      const described = doc.paths[operation.path]?.[operation.method.toLowerCase()];
      expect(described, `${operation.method} ${operation.path}`).toBeDefined();
      expect(described.operationId).toBe(id);
      expect(Object.keys(described.responses)).toContain(String(operation.success.status));
    }
  });

  it('describes every operation of SPEC.md, each with 401, 403, 429 and 503', () => {
    for (const [method, path] of specOperations) {
      const described = doc.paths[path]?.[method];
      expect(described, `${method} ${path}`).toBeDefined();
      expect(Object.keys(described.responses)).toEqual(expect.arrayContaining(['401', '403', '429', '503']));
      expect(described.security).toEqual([{ bearer: [] }]);
    }
  });

  it('lists the statuses SPEC.md gives each items operation', () => {
    for (const [operation, statuses] of Object.entries(itemStatuses)) {
      const [method, path] = operation.split(' ');
      expect(Object.keys(doc.paths[path][method].responses).sort(), operation).toEqual([...statuses, '401', '403', '429', '503'].sort());
    }
  });

  it('documents Retry-After on every 429 and a JSON schema on every response', () => {
    for (const methods of Object.values(doc.paths)) {
      for (const described of Object.values(methods)) {
        expect(described.responses['429'].headers?.['Retry-After'].schema.type).toBe('integer');
        for (const response of Object.values(described.responses)) {
          expect(response.content['application/json'].schema).toEqual(expect.any(Object));
        }
      }
    }
  });

  it('names path parameters in braces, required, and the items list parameters of SPEC.md', () => {
    const detail = doc.paths['/v1/items/{item_id}'].get;
    expect(detail.parameters).toContainEqual(expect.objectContaining({ name: 'item_id', in: 'path', required: true }));
    const names = doc.paths['/v1/items'].get.parameters.map((p) => p.name).sort();
    expect(names).toEqual(['cursor', 'folder_ids', 'from_date', 'in_progress', 'include_body', 'include_global', 'is_read',
      'is_saved', 'item_type', 'limit', 'order_by', 'q', 'subscription_ids', 'tag_ids', 'to_date'].sort());
    expect(doc.paths['/v1/items'].put.requestBody?.required).toBe(true);
  });
});
