// The OpenAPI 3.1 document of the service as the emulator implements it, built from the operation table (each
// operation's fields, answer and provenance) and the control API's routes.
import type { OperationEntry, Provenance, RouteEntry, ServiceArea } from '../operations/area.js';
import { AREAS } from '../operations/table.js';
import { controlRoutes, controlSchemas, type ControlDoc } from './control.js';
import { ref, SHARED_SCHEMAS, type Schema } from './schemas.js';

const json = (schema: Schema, type = 'application/json') => ({ content: { [type]: { schema } } });
const errorAnswer = { description: "An error: the HTTP status line equals the body's `status`", ...json(ref('Error')) };

/** The `reference` of an `x-operations` entry: the section of the service's published reference, or `extension`. */
function referenceOf(provenance: Provenance): string {
  return provenance === 'extension' ? 'extension' : `E${provenance.section}`;
}

function marker(name: string, provenance: Provenance, summary: string): Schema {
  return { name, reference: referenceOf(provenance), summary };
}

function listed([name, op]: [string, OperationEntry]): string {
  return `- \`${name}\`${op.provenance === 'extension' ? ' (real service only)' : ''}: ${op.doc.summary}`;
}

/**
 * Several operations share a path (`/api/create-message` carries thirteen): the path's POST takes `anyOf` their
 * requests and answers `anyOf` their 200s; each operation is one component pair `<name>Request`/`<name>Response`.
 */
function servicePath(area: ServiceArea): Schema {
  const operations = Object.entries(area.operations);
  const refs = (suffix: string) => operations.map(([name]) => ref(`${name}${suffix}`));
  // anyOf, not oneOf: a text's body also satisfies looser schemas, and many sends share one answer schema.
  const one = (schemas: Schema[]) => (schemas.length === 1 && schemas[0] ? schemas[0] : { anyOf: schemas });
  return {
    post: {
      operationId: operations.map(([name]) => name).join('_'),
      summary:
        operations.length === 1
          ? operations[0]?.[1].doc.summary
          : `${operations.length} operations, chosen by their fields`,
      description: `The fields select the operation (see docs/emulator.md, "Precedence"):\n${operations.map(listed).join('\n')}`,
      'x-operations': operations.map(([name, op]) => marker(name, op.provenance, op.doc.summary)),
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

/** A GET/PUT route or a page; its path's `{name}`s are path parameters. */
function routeOperation(route: RouteEntry): Schema {
  const { doc } = route;
  const inPath = [...route.template.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const parameters = [...inPath, ...queryParameters(doc.query)];
  return {
    operationId: route.name,
    summary: doc.summary,
    'x-operations': [marker(route.name, route.provenance, doc.summary)],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(doc.request ? { requestBody: { required: true, ...json(ref(`${route.name}Request`)) } } : {}),
    responses: {
      200: { description: doc.page ? 'The page' : 'Success', ...json(ref(`${route.name}Response`), doc.page) },
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
    responses: { 200: { description: 'Success', ...json(route.response, route.contentType) }, default: errorAnswer },
  };
}

function componentSchemas(): Record<string, Schema> {
  const schemas: Record<string, Schema> = { ...SHARED_SCHEMAS, ...controlSchemas() };
  for (const area of AREAS) {
    for (const [name, op] of Object.entries(area.operations)) {
      schemas[`${name}Request`] = { title: name, ...op.doc.request };
      schemas[`${name}Response`] = op.doc.response;
    }
    for (const route of area.routes) {
      if (route.doc.request) schemas[`${route.name}Request`] = { title: route.name, ...route.doc.request };
      schemas[`${route.name}Response`] = route.doc.response;
    }
  }
  return schemas;
}

export function openApiDocument(): Schema {
  const paths: Record<string, Schema> = {};
  for (const area of AREAS) paths[area.path] = servicePath(area);
  for (const route of AREAS.flatMap((area) => area.routes)) {
    paths[route.template] = { ...paths[route.template], [route.method.toLowerCase()]: routeOperation(route) };
  }
  for (const route of controlRoutes())
    paths[route.path] = { ...paths[route.path], [route.method]: controlOperation(route) };
  return {
    openapi: '3.1.0',
    info: {
      title: 'chatbot service (as the local emulator implements it)',
      version: '1',
      description:
        "The operations of the service's published reference (`reference` under `x-operations`: the reference's section), " +
        'those only the real service has (`reference`: `extension`), and the control API under /__emulator/. Bodies may also ' +
        'be form-urlencoded or multipart; keys may come in the query string. Full rules: docs/emulator.md; ' +
        'operation names, paths and sections: docs/operations.md.',
    },
    servers: [{ url: 'http://127.0.0.1:8484' }],
    tags: [
      {
        name: 'control',
        description: "The emulator's control API: what the network does outside the service, and test tools",
      },
    ],
    paths,
    components: { schemas: componentSchemas() },
  };
}
