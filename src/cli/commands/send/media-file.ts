// `send media --file`: an http(s) URL as given, or a local file read as base64 after its size is checked.
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { UsageError } from '../../../errors.js';
import { httpUrl } from '../../shared/validate.js';

/** Largest local file sent inline: base64 makes it a third larger, and the service takes bodies up to 1 MiB. */
export const MAX_LOCAL_MEDIA_BYTES = 700 * 1024;

export interface MediaFile {
  /** The URL, or the file's base64 data. */
  file: string;
  fileName: string;
  local: boolean;
}

function kib(bytes: number): string {
  return `${Math.ceil(bytes / 1024)} KiB`;
}

function urlName(url: string): string {
  const last = new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Reads `--file`; every problem is a usage error naming the flag, before anything is sent. */
export async function mediaFile(raw: string, fileName: string | undefined): Promise<MediaFile> {
  const value = raw.trim();
  if (value === '') throw new UsageError('--file must be an http(s) URL or the path of a file');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    const url = httpUrl('--file', value);
    return { file: url, fileName: fileName ?? (urlName(url) || 'arquivo'), local: false };
  }
  let size: number;
  try {
    const info = await stat(value);
    if (!info.isFile())
      throw new UsageError(`--file ${value} is not a file — give an http(s) URL or the path of a file`);
    size = info.size;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(
      `--file ${value}: no such file or not readable — give an http(s) URL or the path of a readable file`,
    );
  }
  if (size > MAX_LOCAL_MEDIA_BYTES) {
    throw new UsageError(
      `--file ${value} is ${kib(size)}; a local file is sent inline and can be at most ${kib(MAX_LOCAL_MEDIA_BYTES)} — put it at an http(s) URL and pass that`,
    );
  }
  if (size === 0) throw new UsageError(`--file ${value} is empty`);
  const data = await readFile(value);
  return { file: data.toString('base64'), fileName: fileName ?? basename(value), local: true };
}
