// CHATBOT_DEBUG in the single executable: stack traces name the sources (src/…, node_modules/…) instead of positions
// in the bundle, as the npm install's do through Node's source map support, which does not reach a script compiled
// from an asset.
import { SourceMap, type SourceOrigin } from 'node:module';

/** A stack frame, which V8 prints as its default line. */
interface Frame extends NodeJS.CallSite {
  toString(): string;
}

/** From now on, stack frames in `bundle` (a script's file name) show the positions `sourceMap` (its JSON) maps to. */
export function mapStackTracesTo(bundle: string, sourceMap: string): void {
  let parsed: SourceMap | undefined;
  Error.prepareStackTrace = (error: Error, frames: Frame[]) => {
    const map = (parsed ??= new SourceMap(JSON.parse(sourceMap) as ConstructorParameters<typeof SourceMap>[0]));
    const lines = frames.map((frame) => `    at ${mappedFrame(frame, bundle, map)}`);
    return [Error.prototype.toString.call(error), ...lines].join('\n');
  };
}

function mappedFrame(frame: Frame, bundle: string, map: SourceMap): string {
  const text = frame.toString();
  const [line, column] = [frame.getLineNumber(), frame.getColumnNumber()];
  if (frame.getFileName() !== bundle || line === null || column === null) return text;
  const origin = map.findOrigin(line, column);
  if (!('fileName' in origin)) return text;
  const { fileName, lineNumber, columnNumber }: SourceOrigin = origin;
  return text.replace(`${bundle}:${line}:${column}`, `${fileName}:${lineNumber}:${columnNumber}`);
}
