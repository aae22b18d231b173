// --jq: a filter applied to the run's one JSON document by jq itself, compiled to WebAssembly and loaded only here.
import { UsageError } from '../errors.js';

/**
 * The output of `filter` on `document` as gh prints it: strings raw, one result a line; other values indented on a
 * terminal and compact otherwise. A filter jq rejects, or one that fails while running, is a usage error naming jq's.
 */
export async function applyJq(document: string, filter: string, terminal: boolean): Promise<string> {
  // A CommonJS package: its exports are the default export both in Node and in the esbuild bundle.
  const { default: jq } = await import('jq-wasm');
  // jq's exit status is its only sign of a failure after some output; the wasm build writes it to process.exitCode.
  const before = process.exitCode;
  process.exitCode = undefined;
  let output: string;
  let status: number | string | undefined;
  try {
    output = await jq.raw(document, filter, terminal ? ['-r'] : ['-r', '-c']);
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).replace(
      /^Failed to execute raw query: /,
      '',
    );
    throw new UsageError(`--jq ${filter}: ${message}`);
  } finally {
    status = exitStatus();
    process.exitCode = before;
  }
  if (status !== undefined && status !== 0) {
    throw new UsageError(`--jq ${filter}: the filter failed while running (jq exit status ${String(status)})`);
  }
  return output === '' ? '' : `${output}\n`;
}

/** The process's exit status as set so far (read through a call: the wasm build sets it behind the compiler's back). */
function exitStatus(): typeof process.exitCode {
  return process.exitCode;
}
