import { z } from 'zod';
import { AuthError, GeneralError, RateLimitError } from './common';
import { operations } from './operations';
import type { Operation } from './operation';

const commonErrors = [401, 403, 429, 503];

const errorDescriptions: Record<number, string> = {
  400: 'Invalid state change or request',
  401: 'Missing, invalid or revoked API key',
  402: "The plan does not include this, or a plan limit is reached",
  403: 'Banned or locked account, or a token outside its scope',
  404: 'Not found, or a filter names something that does not exist',
  413: 'Too large: the request body, or what it lists, is more than one request takes',
  422: 'Validation failed; `message` joins one sentence per invalid field',
  429: 'Rate limit hit; `Retry-After` says how many seconds to wait',
  503: 'Temporarily unavailable; retry later',
};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
}

function errorBody(status: number) {
  if (status === 401 || status === 403) return jsonSchema(status === 401 ? AuthError : z.union([AuthError, GeneralError]), 'output');
  if (status === 429) return jsonSchema(RateLimitError, 'output');
  return jsonSchema(GeneralError, 'output');
}

function parametersOf(operation: Operation) {
  const parameters: object[] = [];
  for (const [where, schema] of [['path', operation.params], ['query', operation.query]] as const) {
    if (!schema) continue;
    const shape = jsonSchema(schema, 'input') as { properties?: Record<string, object>; required?: string[] };
    for (const [name, property] of Object.entries(shape.properties ?? {})) {
      const isArray = (property as { type?: string }).type === 'array';
      parameters.push({
        name, in: where, schema: property,
        required: where === 'path' || (shape.required ?? []).includes(name),
        ...(isArray ? { style: 'form', explode: true } : {}),
      });
    }
  }
  return parameters;
}

function describe(operationId: string, operation: Operation) {
  const responses: Record<string, object> = {};
  for (const status of [operation.success.status, ...(operation.success.also ?? [])]) {
    responses[String(status)] = { description: 'Success', content: { 'application/json': { schema: jsonSchema(operation.success.body, 'output') } } };
  }
  for (const status of [...operation.errors, ...commonErrors].sort()) {
    responses[String(status)] = {
      description: errorDescriptions[status] ?? 'Error',
      content: { 'application/json': { schema: errorBody(status) } },
      ...(status === 429 ? { headers: { 'Retry-After': { schema: { type: 'integer' } } } } : {}),
    };
  }
  return {
    operationId,
    summary: operation.summary,
    tags: [operation.auth === 'bearer' ? operation.path.split('/')[2] : 'first-party'],
    security: [{ [operation.auth === 'bearer' ? 'bearer' : 'appToken']: [] }],
    parameters: parametersOf(operation),
    ...(operation.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(operation.body, 'input') } } } } : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the whole interface, made from the route table. */
export function openApiDocument(serverUrl = '/'): Record<string, unknown> {
  const paths: Record<string, Record<string, object>> = {};
  for (const [operationId, operation] of Object.entries(operations) as [string, Operation][]) {
    paths[operation.path] ??= {};
    paths[operation.path][operation.method.toLowerCase()] = describe(operationId, operation);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tidings feed reader service',
      version: '0.15.2',
      description: 'The feed-reader interface of SPEC.md with the gap-fills of DESIGN.md. Operations tagged first-party accept only the app token.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'An API key `tid_live_…` or the app token' },
        appToken: { type: 'http', scheme: 'bearer', description: 'The first-party app token `tid_app_…`' },
      },
    },
    paths,
  };
}
