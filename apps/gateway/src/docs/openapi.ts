import { z } from 'zod';
import type { AnyRoute, LiveFeed } from '@lp/contracts';
import { ErrorBodySchema, PendingWork } from '@lp/contracts';
import { API_KEY_SECURITY_SCHEME, apiKeyDescription, apiKeyOperation } from '../auth/api-key.js';

type Json = Record<string, unknown>;

const schema = (s: z.ZodType, io: 'input' | 'output'): Json => {
  const out = z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Json;
  delete out.$schema;
  return out;
};

const ERROR_RESPONSES: Record<string, string> = {
  '400': 'Validation failed',
  '401': 'Missing, expired or revoked token',
  '403': 'Not allowed for this role or this resource',
  '404': 'Unknown resource',
  '409': 'Conflict',
  '422': 'Business rule refused the change',
  '429': 'Rate limited',
  '504': 'The owning service did not answer in time',
};

/** The OpenAPI document, generated from the same declarations the gateway routes with. */
export function buildOpenApi(routes: readonly AnyRoute[], feeds: readonly LiveFeed[] = []): Json {
  const paths: Record<string, Json> = {};
  for (const r of routes) {
    const parameters: Json[] = [];
    for (const [loc, s] of [
      ['path', r.params],
      ['query', r.query],
      ['header', r.headers],
    ] as const) {
      if (!s) continue;
      const js = schema(s, 'input') as { properties?: Record<string, Json>; required?: string[] };
      for (const [name, prop] of Object.entries(js.properties ?? {})) {
        parameters.push({ name, in: loc, required: loc === 'path' || (js.required ?? []).includes(name), schema: prop });
      }
    }
    if (r.responseKind === 'file')
      parameters.push({
        name: 'link',
        in: 'query',
        required: false,
        schema: { type: 'string' },
        description: 'a download link from POST /auth/download-link, for files the browser opens itself (instead of the bearer header)',
      });
    const errors = Object.fromEntries(
      Object.entries(ERROR_RESPONSES)
        .filter(([code]) => !(r.guard === 'public' && (code === '401' || code === '403')))
        .map(([code, description]) => [
          code,
          { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        ]),
    );
    const op: Json = {
      operationId: r.subject,
      summary: r.summary,
      tags: [r.service],
      parameters,
      'x-guard': r.guard,
      ...(r.guard === 'public' ? { security: [] } : apiKeyOperation(r)),
      ...(r.rateLimit ? { 'x-rate-limit': r.rateLimit } : {}),
      responses: {
        ...(r.background
          ? {
              '202': {
                description: 'Still being prepared: the progress; ask again after Retry-After',
                content: { 'application/json': { schema: schema(PendingWork, 'output') } },
              },
            }
          : {}),
        [String(r.successStatus)]:
          r.responseKind === 'file'
            ? { description: 'A file download', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }
            : { description: 'OK', content: { 'application/json': { schema: schema(r.response, 'output') } } },
        ...errors,
      },
    };
    if (r.body) {
      const type = r.bodyKind === 'form' ? 'multipart/form-data' : r.bodyKind === 'raw' ? 'application/octet-stream' : 'application/json';
      op.requestBody = { required: true, content: { [type]: { schema: schema(r.body, 'input') } } };
    }
    const path = `/api${r.path}`;
    paths[path] = { ...(paths[path] ?? {}), [r.method.toLowerCase()]: op };
  }
  paths['/api/health'] = {
    get: {
      operationId: 'gateway.health',
      summary: 'Health of the gateway and of every service',
      tags: ['gateway'],
      security: [],
      responses: { '200': { description: 'All services answer' }, '503': { description: 'A service is down' } },
    },
  };
  return {
    openapi: '3.0.3',
    info: {
      title: 'LearnHub API',
      version: '1.0.0',
      description: `Every route of the platform, generated from libs/contracts.${apiKeyDescription(routes)}`,
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, apiKey: API_KEY_SECURITY_SCHEME },
      schemas: { Error: schema(ErrorBodySchema, 'output') },
    },
    security: [{ bearer: [] }],
    paths,
    // beside the paths, not among them: a client walking every path (the API fuzz test) would wait on an endless stream
    'x-live-feeds': Object.fromEntries(feeds.map((f) => [`/api${f.path}`, { get: liveFeedOperation(f) }])),
  };
}

/** A live feed (libs/contracts community/live.ts): a server-sent event stream, refused as JSON before it starts. */
function liveFeedOperation(f: LiveFeed): Json {
  const errors = {
    '400': 'Malformed id',
    '401': ERROR_RESPONSES['401'],
    '403': 'Not a member of the group',
    '404': 'Unknown group or question',
    '429': 'Too many live streams open for this user',
  };
  return {
    operationId: `live.${f.name}`,
    summary: f.summary,
    description: `Server-sent events, read with fetch() and the bearer header. Events: ${f.events.map((e) => e.name).join(', ')}; each as \`event: <name>\` and \`data: <payload JSON>\`${f.access === 'self' ? `, only those whose ${f.key} is the caller's own id` : f.key ? `, only those whose ${f.key} is {id}` : ''}. A \`: keep-alive\` comment every 25 s; the stream ends when the token expires.`,
    tags: ['live'],
    parameters: f.path.includes('{id}') ? [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }] : [],
    'x-guard': f.guard,
    responses: {
      '200': { description: 'The stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
      ...Object.fromEntries(
        Object.entries(errors)
          .filter(([code]) => f.path.includes('{id}') || (code !== '400' && code !== '403' && code !== '404'))
          .map(([code, description]) => [
            code,
            { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
          ]),
      ),
    },
  };
}
