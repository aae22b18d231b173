// GET /__emulator/openapi.json: the OpenAPI document, built once on first request.
import { HTTP_BODY, type Reply } from '../http/reply.js';
import { openApiDocument } from '../openapi/document.js';

let document: Reply | undefined;

/** The document as it is (an OpenAPI document has no `status` field; this is the one answer without one). */
export function openApiRoute(): Reply {
  document ??= { status: 200, [HTTP_BODY]: openApiDocument() };
  return document;
}
