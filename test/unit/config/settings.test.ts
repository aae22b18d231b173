import { describe, expect, it } from 'vitest';
import { resolveProfileName, resolveSettings } from '../../../src/config/settings.js';

const DEFAULT = 'http://127.0.0.1:8484';

describe('resolveSettings precedence: flag > env > profile > built-in', () => {
  const profile = { baseUrl: 'http://profile', authkey: 'profile-key', appkey: 'profile-app' };

  it('uses the flag first', () => {
    const s = resolveSettings(
      { baseUrl: 'http://flag', authkey: 'flag-key', appkey: 'flag-app' },
      { CHATBOT_BASE_URL: 'http://env', CHATBOT_AUTHKEY: 'env-key', CHATBOT_APPKEY: 'env-app' },
      'p',
      profile,
      DEFAULT,
    );
    expect([s.baseUrl, s.authkey, s.appkey]).toEqual([
      { value: 'http://flag', source: 'flag' },
      { value: 'flag-key', source: 'flag' },
      { value: 'flag-app', source: 'flag' },
    ]);
  });

  it('then the environment', () => {
    const s = resolveSettings(
      {},
      { CHATBOT_BASE_URL: 'http://env', CHATBOT_AUTHKEY: 'env-key', CHATBOT_APPKEY: 'env-app' },
      'p',
      profile,
      DEFAULT,
    );
    expect([s.baseUrl.source, s.authkey?.value, s.appkey?.value]).toEqual(['env', 'env-key', 'env-app']);
  });

  it('then the profile, then the built-in emulator address', () => {
    expect(resolveSettings({}, {}, 'p', profile, DEFAULT).baseUrl).toEqual({
      value: 'http://profile',
      source: 'profile',
    });
    const bare = resolveSettings({}, {}, 'p', {}, DEFAULT);
    expect(bare.baseUrl).toEqual({ value: DEFAULT, source: 'default' });
    expect(bare.authkey).toBeUndefined();
    expect(bare.timezone).toEqual({ value: 'America/Sao_Paulo', source: 'default' });
  });

  it('finds the profile record of the selected device', () => {
    const s = resolveSettings(
      {},
      {},
      'p',
      {
        appkey: 'a2',
        devices: [
          { appkey: 'a1', id: '1', name: 'one' },
          { appkey: 'a2', id: '2', name: 'two' },
        ],
      },
      DEFAULT,
    );
    expect(s.device).toEqual({ appkey: 'a2', id: '2', name: 'two' });
  });
});

describe('resolveProfileName', () => {
  it('prefers --profile, then CHATBOT_PROFILE, then the stored choice, then "default"', () => {
    expect(resolveProfileName({ profile: 'f' }, { CHATBOT_PROFILE: 'e' }, 's')).toBe('f');
    expect(resolveProfileName({}, { CHATBOT_PROFILE: 'e' }, 's')).toBe('e');
    expect(resolveProfileName({}, {}, 's')).toBe('s');
    expect(resolveProfileName({}, {}, undefined)).toBe('default');
  });
});

describe("--appkey and CHATBOT_APPKEY take a saved device's name or id, as `config set appkey` does", () => {
  const devices = [
    { appkey: 'k-random-0123456789', id: 'dev_1', name: 'loja' },
    { appkey: 'outra', id: 'dev_2', name: 'outra' },
  ];
  const profile = { appkey: 'outra', devices };

  it.each([
    [{ appkey: 'loja' }, {}, 'flag'],
    [{ appkey: 'dev_1' }, {}, 'flag'],
    [{}, { CHATBOT_APPKEY: 'loja' }, 'env'],
  ] as const)("%j %j → that device's appkey", (flags, env, source) => {
    const s = resolveSettings(flags, env, 'p', profile, DEFAULT);
    expect(s.appkey).toEqual({ value: 'k-random-0123456789', source });
    expect(s.device).toEqual(devices[0]);
  });

  it('a value that is no saved device is used as the appkey itself', () => {
    const s = resolveSettings({ appkey: 'desconhecida' }, {}, 'p', profile, DEFAULT);
    expect(s.appkey).toEqual({ value: 'desconhecida', source: 'flag' });
    expect(s.device).toBeUndefined();
  });
});
