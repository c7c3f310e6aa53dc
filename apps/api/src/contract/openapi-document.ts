import type { Type } from '@nestjs/common';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX, isAllowed, ROLES } from '@oms/domain';
import { bodyLimitOf, UPLOAD_LIMITS } from '../common/http/body-limits';
import { DtoSchemas } from './dto-schema';
import { JsonSchema, SchemaRegistry, withoutNull } from './json-schema';
import { RouteEntry, routesOf } from './route-catalogue';
import { ViewSchemas } from './view-schema';

export type OpenApiDocument = JsonSchema & { paths: Record<string, Record<string, JsonSchema>> };

const ERROR = { $ref: '#/components/responses/Error' };
const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];
/** The optional header of every mutation that answers a JSON body (common/http/idempotency, docs/decisions.md "Idempotency-Key"). */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description:
    'Sent again with the same request, answers the first answer again (status and body, header `Idempotent-Replayed: true`) without doing the work again, for 24 hours. ' +
    'The same key with another request: 422 NAL-IDEM-001; while the first request runs: it waits, then 409 NAL-IDEM-003; malformed: 400 NAL-IDEM-002.',
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX, pattern: '^[\\x21-\\x7e]+$' },
};

const SUCCESS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content' };

/**
 * The API's OpenAPI 3.1 document (DESIGN.md §4), built from the code alone: routes, parameters and
 * access rules from the controllers' decorators, request bodies and queries from the DTOs' rules,
 * answers from the types TypeScript infers for the handlers, errors from the error filter's
 * envelope. Deterministic: the same code gives the same bytes (`npm run contract:check`).
 */
export function buildOpenApiDocument(controllers: readonly Type[], tsconfigPath: string): OpenApiDocument {
  const registry = new SchemaRegistry();
  const dtos = new DtoSchemas(registry);
  const views = new ViewSchemas(tsconfigPath, registry);
  views.namedType('common/http/error.filter.ts', 'ErrorEnvelope');
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const routes = routesOf(controllers).sort((a, b) => a.path.localeCompare(b.path) || METHOD_ORDER.indexOf(a.method.toLowerCase()) - METHOD_ORDER.indexOf(b.method.toLowerCase()));
  for (const route of routes) {
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route, dtos, views);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'OMS API',
      version: '1',
      description:
        'The back-office order system. Keys are snake_case; one record answers `{data}`, a list `{data, pagination}`; ' +
        'every error answers the error envelope (DESIGN.md §4). Generated from the code by `npm run contract`: do not edit.',
    },
    servers: [{ url: '/api/v1' }],
    paths,
    components: {
      schemas: registry.all(),
      parameters: { IdempotencyKey: IDEMPOTENCY_KEY_PARAMETER },
      responses: {
        Error: {
          description:
            'The error envelope: 400 a business rule refused (a catalogue code), 401 no or expired token, 403 the role may not, 404 no such record, ' +
            '409 the first request with this Idempotency-Key is still running, 413 too large, 422 field errors (or the Idempotency-Key used for another request), ' +
            '429 rate limit, 500 NAL-500 with a request id.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
        },
      },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token of a sign-in (POST /auth/…).' },
        mediaToken: { type: 'apiKey', in: 'query', name: 'token', description: 'A one-minute download token from GET /medias/token, for URLs the browser opens.' },
      },
    },
  };
}

function operation(route: RouteEntry, dtos: DtoSchemas, views: ViewSchemas): JsonSchema {
  const parameters: JsonSchema[] = [];
  let requestBody: JsonSchema | undefined;
  const upload = route.inputs.some((i) => i.from === 'file');
  for (const input of route.inputs) {
    if (input.from === 'file') continue;
    if ('name' in input) {
      parameters.push({ name: input.name, in: 'path', required: true, schema: { type: 'string' } });
    } else if (input.from === 'body') {
      // With a file, the DTO's fields are the multipart form's other fields.
      requestBody = upload ? uploadBody(dtos.objectSchema(input.dto)) : { required: true, content: { 'application/json': { schema: dtos.ref(input.dto) } } };
    } else {
      for (const field of dtos.fields(input.dto)) {
        parameters.push({ name: field.name, in: input.from, required: input.from === 'path' || field.required, schema: withoutNull(field.schema) });
      }
    }
  }
  if (route.idempotent) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  if (upload) requestBody ??= uploadBody();
  return {
    operationId: `${route.controller}.${route.handler}`,
    tags: [route.path.split('/')[1] || 'api'],
    description: accessText(route),
    'x-access': route.access,
    ...(route.access?.kind === 'permission' || route.access?.kind === 'download' ? { 'x-roles': rolesOf(route) } : {}),
    security: route.access?.kind === 'public' ? [] : route.access?.kind === 'download' ? [{ mediaToken: [] }] : [{ bearer: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    // The body's size limit in bytes (common/http/body-limits.ts), on every write even without a body: larger answers 413.
    ...(requestBody || route.method !== 'GET' ? { 'x-body-limit': upload ? UPLOAD_LIMITS.csv : bodyLimitOf(route.method, route.path) } : {}),
    responses: responses(route, views),
  };
}

/** The answers and the errors; a status declared both ways (AlsoAnswers and ErrorAnswers) is a mistake, refused. */
function responses(route: RouteEntry, views: ViewSchemas): Record<string, JsonSchema> {
  const answers = success(route, views);
  const refusals = errors(route);
  const both = Object.keys(answers).filter((status) => status in refusals);
  if (both.length) throw new Error(`${route.method} ${route.path}: status ${both.join(', ')} is both an answer and an error`);
  return { ...answers, ...refusals };
}

function success(route: RouteEntry, views: ViewSchemas): Record<string, JsonSchema> {
  const text = SUCCESS_TEXT[route.status] ?? 'Success';
  if (route.writesOwnAnswer) {
    if (route.alsoAnswers) throw new Error(`${route.method} ${route.path}: @AlsoAnswers on a handler that writes its own answer; describe it with @FileAnswer`);
    const file = route.fileAnswer;
    const schema = file?.mediaTypes.every((t) => t === 'application/json') ? { type: 'object' } : { type: 'string', format: 'binary' };
    return {
      [route.status]: {
        description: file?.description ?? 'Written by the handler itself (a file, or a redirect).',
        content: Object.fromEntries((file?.mediaTypes ?? ['application/octet-stream']).map((t) => [t, { schema }])),
      },
    };
  }
  const answer = views.answerOf(route.controller, route.handler);
  const content = answer && route.status !== 204 ? { content: { 'application/json': { schema: answer } } } : {};
  const also = route.alsoAnswers;
  return { [route.status]: { description: text, ...content }, ...(also ? { [also.status]: { description: also.description, ...content } } : {}) };
}

function errors(route: RouteEntry): Record<string, JsonSchema> {
  const checked = route.inputs.some((i) => 'dto' in i);
  const statuses = [
    400,
    ...(route.access?.kind === 'public' ? [] : [401]),
    ...(route.access?.kind === 'permission' || route.access?.kind === 'download' ? [403] : []),
    ...(route.path.includes('{') ? [404] : []),
    // Past its body limit; a write's body is read even when it takes none.
    ...(route.method !== 'GET' || route.inputs.some((i) => i.from === 'body' || i.from === 'file') ? [413] : []),
    ...(checked || route.idempotent ? [422] : []),
    ...(route.idempotent ? [409] : []),
    ...(route.guards.includes('RateLimitGuard') ? [429] : []),
    500,
    ...route.errorAnswers,
  ];
  return Object.fromEntries([...new Set(statuses)].sort((a, b) => a - b).map((s) => [s, ERROR]));
}

/** A multipart upload: the file in `file`, the form's other fields beside it. */
function uploadBody(form: JsonSchema = { type: 'object', properties: {} }): JsonSchema {
  const properties = { file: { type: 'string', format: 'binary', 'x-max-bytes': UPLOAD_LIMITS.csv }, ...(form.properties as JsonSchema) };
  const required = ['file', ...((form.required as string[] | undefined) ?? [])];
  return { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties, required } } } };
}

function rolesOf(route: RouteEntry): string[] {
  const access = route.access;
  return access && 'permission' in access ? ROLES.filter((role) => isAllowed(role, access.permission)) : [];
}

function accessText(route: RouteEntry): string {
  const access = route.access;
  if (!access) return 'No access rule (the API refuses to start).';
  if (access.kind === 'public') return 'Public: no sign-in.';
  if (access.kind === 'signed-in') return 'Any signed-in user.';
  const how = access.kind === 'download' ? 'With a download token (`?token=`), roles' : 'Roles';
  return `${how}: ${rolesOf(route).join(', ')} (permission \`${access.permission}\`).`;
}
