import { describe, expect, it } from 'vitest';
import { Output, colorAllowed } from '../../../src/output/output.js';
import { ApiError } from '../../../src/errors.js';
import { SecretRegister } from '../../../src/secrets.js';

function capture(isTTY: boolean) {
  const stream = {
    text: '',
    isTTY,
    write(s: string) {
      this.text += s;
    },
  };
  return stream;
}

describe('colour', () => {
  it('only on a TTY, never with NO_COLOR, --no-color or TERM=dumb', () => {
    expect(colorAllowed({ write: () => 0, isTTY: true }, true, {})).toBe(true);
    expect(colorAllowed({ write: () => 0, isTTY: false }, true, {})).toBe(false);
    expect(colorAllowed({ write: () => 0, isTTY: true }, true, { NO_COLOR: '1' })).toBe(false);
    expect(colorAllowed({ write: () => 0, isTTY: true }, false, {})).toBe(false);
    expect(colorAllowed({ write: () => 0, isTTY: true }, true, { TERM: 'dumb' })).toBe(false);
  });

  it('colours errors on a TTY and not in a pipe', () => {
    const tty = capture(true);
    new Output({
      json: false,
      color: true,
      env: {},
      secrets: new SecretRegister(),
      stdout: capture(true),
      stderr: tty,
    }).failure(new Error('boom'), 1);
    expect(tty.text).toContain('\u001b[');
    const pipe = capture(false);
    new Output({
      json: false,
      color: true,
      env: {},
      secrets: new SecretRegister(),
      stdout: capture(false),
      stderr: pipe,
    }).failure(new Error('boom'), 1);
    expect(pipe.text).toBe('Error: boom\n');
  });
});

describe('--json output', () => {
  it('prints one document with keys masked, and refuses a second', () => {
    const stdout = capture(false);
    const out = new Output({
      json: true,
      color: false,
      env: {},
      secrets: new SecretRegister(),
      stdout,
      stderr: capture(false),
    });
    out.result({ status: 200, data: { authkey: 'abcdefghijklmnop' } }, () => 'human');
    expect(JSON.parse(stdout.text)).toEqual({ status: 200, data: { authkey: 'abcd…mnop' } });
    expect(() => out.document({})).toThrow();
  });

  it('writes errors as one JSON line on stderr', () => {
    const stderr = capture(false);
    const out = new Output({
      json: true,
      color: false,
      env: {},
      secrets: new SecretRegister(),
      stdout: capture(false),
      stderr,
    });
    out.failure(new ApiError(409, 'Usuario ja registrado com este e-mail.', {}), 5);
    expect(stderr.text.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(stderr.text)).toEqual({
      error: { status: 409, message: 'Usuario ja registrado com este e-mail.', exitCode: 5 },
    });
  });
});

describe('secrets in messages from elsewhere', () => {
  it('masks a remembered key that a service message echoes, in human and JSON error lines', () => {
    const secrets = new SecretRegister();
    secrets.remember('KEY-echoed-by-the-service-0001');
    for (const json of [false, true]) {
      const stderr = capture(false);
      new Output({ json, color: false, env: {}, secrets, stdout: capture(false), stderr }).failure(
        new ApiError(401, 'bad key KEY-echoed-by-the-service-0001', {}),
        3,
      );
      expect(stderr.text).not.toContain('KEY-echoed-by-the-service-0001');
      expect(stderr.text).toContain('KEY-…0001');
    }
  });
});
