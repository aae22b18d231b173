// libphonenumber-js's phone metadata. The bundle has it split per country calling code (scripts/build.mjs writes
// dist/phone-metadata/<code>.json), so that a check parses only its own number's part of the 156 KB whole; run from
// sources, the whole metadata.max.json.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { MetadataJson } from 'libphonenumber-js/core';

const loaded = new Map<string, MetadataJson>();

/**
 * The metadata a check of `international` (`+`, then digits and punctuation) needs: the part of its country calling
 * code (undefined when no code starts it: the number is invalid), or the whole metadata when run from sources.
 */
export function phoneMetadataFor(international: string): MetadataJson | undefined {
  if (typeof __PHONE_CALLING_CODES__ !== 'string') return readOnce(wholeMetadataFile());
  return splitPhoneMetadataFor(
    new URL('phone-metadata/', import.meta.url),
    __PHONE_CALLING_CODES__.split(' '),
    international,
  );
}

/**
 * The metadata of `international`'s country calling code, read from `<dir>/<code>.json`; `codes` are the calling
 * codes there are files for. Calling codes are prefix-free (ITU E.164), so at most one of a number's first three
 * digits' prefixes is one, as libphonenumber-js finds it.
 */
export function splitPhoneMetadataFor(
  dir: URL,
  codes: readonly string[],
  international: string,
): MetadataJson | undefined {
  const digits = international.replace(/\D/g, '');
  const code = [1, 2, 3].map((length) => digits.slice(0, length)).find((prefix) => codes.includes(prefix));
  return code === undefined ? undefined : readOnce(new URL(`${code}.json`, dir));
}

function wholeMetadataFile(): string {
  return createRequire(import.meta.url).resolve('libphonenumber-js/metadata.max.json');
}

/** Read as JSON: JSON.parse is several times faster than the same data as code. */
function readOnce(file: string | URL): MetadataJson {
  const key = String(file);
  let metadata = loaded.get(key);
  if (metadata === undefined) {
    metadata = JSON.parse(readFileSync(file, 'utf8')) as MetadataJson;
    loaded.set(key, metadata);
  }
  return metadata;
}
