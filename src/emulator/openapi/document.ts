// The OpenAPI 3.1 document of the service as the emulator implements it, built from one entry per operation.
import { CONTROL_ROUTES, type ControlDoc } from './control.js';
import { EXTENSION_ROUTES, type RouteDoc } from './extension-routes.js';
import { SERVICE_OPERATIONS, type OperationDoc } from './operations.js';
import { ref, SHARED_SCHEMAS, type Schema } from './schemas.js';

const json = (schema: Schema, type = 'application/json') => ({ content: { [type]: { schema } } });
const errorAnswer = { description: "An error: the HTTP status line equals the body's `status`", ...json(ref('Error')) };

/**
 * Several operations share a path (`/api/create-message` carries ten): the path's POST takes `anyOf` their
 * requests and answers `anyOf` their 200s; each operation is one component pair `<name>Request`/`<name>Response`.
 */
function servicePath(operations: readonly OperationDoc[]): Schema {
  const list = operations.map((op) => `- \`${op.name}\` (${op.seed}): ${op.summary}`).join('\n');
  const refs = (suffix: string) => operations.map((op) => ref(`${op.name}${suffix}`));
  // anyOf, not oneOf: a text's body also satisfies looser schemas, and many sends share one answer schema.
  const one = (schemas: Schema[]) => (schemas.length === 1 && schemas[0] ? schemas[0] : { anyOf: schemas });
  return {
    post: {
      operationId: operations.map((op) => op.name).join('_'),
      summary:
        operations.length === 1 ? operations[0]?.summary : `${operations.length} operations, chosen by their fields`,
      description: `The fields select the operation (see docs/emulator.md, "Precedence"):\n${list}`,
      'x-operations': operations.map((op) => ({ name: op.name, seed: op.seed, summary: op.summary })),
      requestBody: { required: true, ...json(one(refs('Request'))) },
      responses: { 200: { description: 'Success', ...json(one(refs('Response'))) }, default: errorAnswer },
    },
  };
}

/** Query fields as OpenAPI query parameters. */
function queryParameters(query: Schema | undefined): Schema[] {
  const properties = (query?.properties ?? {}) as Record<string, Schema>;
  const required = (query?.required ?? []) as string[];
  return Object.entries(properties).map(([key, schema]) => ({
    name: key,
    in: 'query',
    required: required.includes(key),
    schema,
  }));
}

/** A GET/PUT route or page of an extension; its path's `{name}`s are path parameters. */
function routeOperation(route: RouteDoc): Schema {
  const inPath = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const parameters = [...inPath, ...queryParameters(route.query)];
  return {
    operationId: route.name,
    summary: route.summary,
    'x-operations': [{ name: route.name, seed: route.seed, summary: route.summary }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.request ? { requestBody: { required: true, ...json(ref(`${route.name}Request`)) } } : {}),
    responses: {
      200: { description: route.page ? 'The page' : 'Success', ...json(ref(`${route.name}Response`), route.page) },
      default: errorAnswer,
    },
  };
}

function controlOperation(route: ControlDoc): Schema {
  const name = route.path.replace('/__emulator/', '').replace(/[/.]/g, '_');
  const input = route.request && route.method === 'post' ? { requestBody: json(route.request) } : {};
  const parameters = route.request && route.method === 'get' ? { parameters: queryParameters(route.request) } : {};
  return {
    operationId: `control_${route.method}_${name}`,
    summary: route.summary,
    tags: ['control'],
    ...input,
    ...parameters,
    responses: { 200: { description: 'Success', ...json(route.response) }, default: errorAnswer },
  };
}

export function openApiDocument(): Schema {
  const paths: Record<string, Schema> = {};
  for (const path of [...new Set(SERVICE_OPERATIONS.map((op) => op.path))]) {
    paths[path] = servicePath(SERVICE_OPERATIONS.filter((op) => op.path === path));
  }
  for (const route of EXTENSION_ROUTES)
    paths[route.path] = { ...paths[route.path], [route.method]: routeOperation(route) };
  for (const route of CONTROL_ROUTES)
    paths[route.path] = { ...paths[route.path], [route.method]: controlOperation(route) };
  const schemas: Record<string, Schema> = { ...SHARED_SCHEMAS };
  for (const op of SERVICE_OPERATIONS) {
    schemas[`${op.name}Request`] = { title: `${op.name} (${op.seed})`, ...op.request };
    schemas[`${op.name}Response`] = op.response;
  }
  for (const route of EXTENSION_ROUTES) {
    if (route.request) schemas[`${route.name}Request`] = { title: `${route.name} (${route.seed})`, ...route.request };
    schemas[`${route.name}Response`] = route.response;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'chatbot service (as the local emulator implements it)',
      version: '1',
      description:
        "The seed's operations E1–E22, the live service's extensions the emulator implements (`seed`: " +
        '`extension` under `x-operations`), and its control API under /__emulator/. Bodies may also be form-urlencoded or multipart; keys may come in the query string. ' +
        'Full rules: docs/emulator.md.',
    },
    servers: [{ url: 'http://127.0.0.1:8484' }],
    tags: [
      {
        name: 'control',
        description: "The emulator's control API: what the network does outside the service, and test tools",
      },
    ],
    paths,
    components: { schemas },
  };
}
