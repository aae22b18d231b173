// libphonenumber-js's phone metadata. The bundle has it split per country calling code (scripts/build.mjs writes
// dist/phone-metadata/<code>.json; the single executable has them as assets), so that a check parses only its own
// number's part of the 156 KB whole; run from sources, the whole metadata.max.json.
import { createRequire } from 'node:module';
import type { MetadataJson } from 'libphonenumber-js/core';
import { bundledFileUrl, readBundledText } from './bundled-files.js';

const loaded = new Map<string, MetadataJson>();
let whole: MetadataJson | undefined;
let split: { dir: URL; codes: ReadonlySet<string> } | undefined;

/**
 * The metadata a check of `international` (`+`, then digits and punctuation) needs: the part of its country calling
 * code (undefined when no code starts it: the number is invalid), or the whole metadata when run from sources. A batch
 * asks once per row, so everything but the number's own digits is worked out once.
 */
export function phoneMetadataFor(international: string): MetadataJson | undefined {
  if (typeof __PHONE_CALLING_CODES__ !== 'string') {
    whole ??= readJson(createRequire(import.meta.url).resolve('libphonenumber-js/metadata.max.json'));
    return whole;
  }
  split ??= {
    dir: bundledFileUrl('phone-metadata/'),
    codes: new Set(__PHONE_CALLING_CODES__.split(' ')),
  };
  return splitPhoneMetadataFor(split.dir, split.codes, international);
}

/**
 * The metadata of `international`'s country calling code, read from `<dir>/<code>.json`; `codes` are the calling
 * codes there are files for. Calling codes are prefix-free (ITU E.164), so at most one of a number's first three
 * digits' prefixes is one, as libphonenumber-js finds it.
 */
export function splitPhoneMetadataFor(
  dir: URL,
  codes: ReadonlySet<string>,
  international: string,
): MetadataJson | undefined {
  const code = callingCode(international, codes);
  if (code === undefined) return undefined;
  const key = `${dir.href}${code}`;
  let metadata = loaded.get(key);
  if (metadata === undefined) {
    metadata = readJson(new URL(`${code}.json`, dir));
    loaded.set(key, metadata);
  }
  return metadata;
}

/** The shortest prefix of the number's first three digits that is one of `codes`. */
function callingCode(international: string, codes: ReadonlySet<string>): string | undefined {
  let prefix = '';
  for (const char of international) {
    if (char < '0' || char > '9') continue;
    prefix += char;
    if (codes.has(prefix)) return prefix;
    if (prefix.length === 3) return undefined;
  }
  return undefined;
}

/** JSON.parse is several times faster than the same data as code. */
function readJson(file: string | URL): MetadataJson {
  return JSON.parse(readBundledText(file)) as MetadataJson;
}
