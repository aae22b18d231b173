// send text, story, location and react end to end against the emulator.
import { describe, expect, it } from 'vitest';
import { PHONE, PHONE_DIGITS, idInLine, useDeviceSandbox } from '../support/device-sandbox.js';

const t = useDeviceSandbox();

describe('send text (sendText)', () => {
  it('sends the text as digits with country code and prints one line with the message id', async () => {
    const result = await t.dev.run(['send', 'text', '--to', '+55 81 98976-9960', '--message', 'Olá, mundo']);
    expect(result.exitCode).toBe(0);
    const sent = await t.dev.onlySent();
    expect(sent).toMatchObject({ to: PHONE_DIGITS, kind: 'text', content: { message: 'Olá, mundo' } });
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    expect(result.stdout).toContain(`Text sent to ${PHONE_DIGITS}`);
    expect(idInLine(result.stdout)).toBe(sent.id);
  });

  it('reads the message from stdin with --message -, and takes the appkey from --appkey', async () => {
    const result = await t.dev.box.run(['send', 'text', '--to', PHONE, '--message', '-', '--appkey', t.dev.appkey], {
      input: 'linha 1\nlinha 2\n',
    });
    expect(result.exitCode).toBe(0);
    expect((await t.dev.onlySent()).content).toEqual({ message: 'linha 1\nlinha 2' });
  });

  it('prints the service body under --json, keys masked', async () => {
    const result = await t.dev.run(['send', 'text', '--to', PHONE, '--message', 'oi', '--json']);
    expect(result.exitCode).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(doc).toMatchObject({ status: 200, message: 'Mensagem enviada com sucesso.' });
    expect(doc.data.idMensagem).toBe((await t.dev.onlySent()).id);
    expect(result.stdout).not.toContain(t.dev.appkey);
  });

  it('exits 4 with the service message when the appkey names no device', async () => {
    const result = await t.dev.run(['send', 'text', '--to', PHONE, '--message', 'oi'], {
      env: { CHATBOT_APPKEY: 'no-such-device' },
    });
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('Nenhum dispositivo encontrado.');
    expect(await t.dev.outbox()).toEqual([]);
  });

  it('exits 3 when the authkey is not accepted', async () => {
    const result = await t.dev.run([
      'send',
      'text',
      '--to',
      PHONE,
      '--message',
      'oi',
      '--authkey',
      'not-a-real-key-123',
    ]);
    expect(result.exitCode).toBe(3);
    expect(await t.dev.outbox()).toEqual([]);
  });

  it('refuses a bad recipient and a missing message before sending (exit 2, flag named)', async () => {
    const badTo = await t.dev.run(['send', 'text', '--to', '12345', '--message', 'oi']);
    expect(badTo.exitCode).toBe(2);
    expect(badTo.stderr).toContain('--to must be a phone number in international format');
    const noMessage = await t.dev.run(['send', 'text', '--to', PHONE]);
    expect(noMessage.exitCode).toBe(2);
    expect(noMessage.stderr).toContain('Missing --message');
    const blank = await t.dev.run(['send', 'text', '--to', PHONE, '--message', '-'], { input: '\n' });
    expect(blank.exitCode).toBe(2);
    expect(blank.stderr).toContain('--message must not be empty');
    expect(await t.dev.outbox()).toEqual([]);
  });

  it('sends to a group id as given', async () => {
    const group = '120363041234567890@g.us';
    expect((await t.dev.run(['send', 'text', '--to', group, '--message', 'oi grupo'])).exitCode).toBe(0);
    expect((await t.dev.onlySent()).to).toBe(group);
  });

  it('without a device says how to pair one (exit 2)', async () => {
    const result = await t.dev.box.run(['send', 'text', '--to', PHONE, '--message', 'oi']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('chatbot pair');
  });
});

describe('send story (postStory)', () => {
  it('posts a text status with its colour and prints the status id', async () => {
    const result = await t.dev.run(['send', 'story', '--message', 'Bom dia!', '--background', '1E90FF']);
    expect(result.exitCode).toBe(0);
    const sent = await t.dev.onlySent();
    expect(sent).toMatchObject({
      kind: 'story',
      content: { message: 'Bom dia!', backgroundColor: '#1E90FF', mediaType: 'text' },
    });
    expect(result.stdout).toContain('Text status posted');
    expect(idInLine(result.stdout)).toBe(sent.id);
  });

  it('posts a video status by URL, and prints data.id under --json', async () => {
    const file = 'https://example.com/promo.mp4';
    const result = await t.dev.run(['send', 'story', '--file', file, '--message', 'Novidade', '--json']);
    expect(result.exitCode).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(doc.status).toBe(200);
    const sent = await t.dev.onlySent();
    expect(doc.data.id).toBe(sent.id);
    expect(sent.content).toMatchObject({ file, mediaType: 'video', message: 'Novidade' });
  });

  it('exits 4 for an unknown device', async () => {
    const result = await t.dev.run(['send', 'story', '--message', 'x'], { env: { CHATBOT_APPKEY: 'nope-nope' } });
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('Nenhum dispositivo encontrado.');
  });

  it('refuses a bad colour, a non-http file and an empty status before sending', async () => {
    const colour = await t.dev.run(['send', 'story', '--message', 'x', '--background', 'blue']);
    expect(colour.exitCode).toBe(2);
    expect(colour.stderr).toContain('--background must be a colour as #RRGGBB');
    const file = await t.dev.run(['send', 'story', '--file', 'ftp://example.com/a.jpg']);
    expect(file.exitCode).toBe(2);
    expect(file.stderr).toContain('--file must be an http(s) URL');
    const empty = await t.dev.run(['send', 'story']);
    expect(empty.exitCode).toBe(2);
    expect(empty.stderr).toContain('--message');
    expect(await t.dev.outbox()).toEqual([]);
  });
});

describe('send location (sendLocation)', () => {
  it('sends negative coordinates as decimal strings with the text', async () => {
    const result = await t.dev.run([
      'send',
      'location',
      '--to',
      PHONE,
      '--lat',
      '-8.0476',
      '--lng',
      '-34.8770',
      '--message',
      'Marco Zero',
    ]);
    expect(result.exitCode).toBe(0);
    const sent = await t.dev.onlySent();
    expect(sent).toMatchObject({
      kind: 'location',
      to: PHONE_DIGITS,
      content: { latitude: -8.0476, longitude: -34.877, message: 'Marco Zero' },
    });
    expect(result.stdout).toContain('Location -8.0476, -34.8770 sent to');
  });

  it('sends the body the seed describes, under --dry-run --json', async () => {
    const result = await t.dev.run([
      'send',
      'location',
      '--to',
      PHONE,
      '--lat',
      '+10',
      '--lng',
      '20.5',
      '--dry-run',
      '--json',
    ]);
    expect(result.exitCode).toBe(0);
    const plan = JSON.parse(result.stdout);
    expect(plan.url).toMatch(/\/api\/create-message$/);
    expect(plan.body).toMatchObject({ to: PHONE_DIGITS, latitude: '10', longitude: '20.5' });
    expect(plan.body).not.toHaveProperty('message');
    expect(await t.dev.outbox()).toEqual([]);
  });

  it('prints the service body under --json', async () => {
    const result = await t.dev.run(['send', 'location', '--to', PHONE, '--lat', '0', '--lng', '0', '--json']);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 200, data: { idMensagem: (await t.dev.onlySent()).id } });
  });

  it('exits 4 for an unknown device', async () => {
    const result = await t.dev.run(['send', 'location', '--to', PHONE, '--lat', '1', '--lng', '1'], {
      env: { CHATBOT_APPKEY: 'nope-nope' },
    });
    expect(result.exitCode).toBe(4);
  });

  it('refuses coordinates out of range before sending', async () => {
    const lat = await t.dev.run(['send', 'location', '--to', PHONE, '--lat', '95', '--lng', '0']);
    expect(lat.exitCode).toBe(2);
    expect(lat.stderr).toContain('--lat must be a number from -90 to 90 (got "95")');
    const lng = await t.dev.run(['send', 'location', '--to', PHONE, '--lat', '0', '--lng', '1e2']);
    expect(lng.exitCode).toBe(2);
    expect(lng.stderr).toContain('--lng must be a number from -180 to 180 (got "1e2")');
    expect(await t.dev.outbox()).toEqual([]);
  });
});

describe('send react (sendReaction)', () => {
  it('reacts with an emoji to a message id', async () => {
    const result = await t.dev.run(['send', 'react', '--to', PHONE, '--id', 'ABC123', '--emoji', '👍🏽']);
    expect(result.exitCode).toBe(0);
    expect(await t.dev.onlySent()).toMatchObject({ kind: 'reaction', content: { message: '👍🏽', id: 'ABC123' } });
    expect(result.stdout).toContain('Reaction 👍🏽 sent to message ABC123');
  });

  it('removes a reaction with --remove, and prints the body under --json', async () => {
    const result = await t.dev.run(['send', 'react', '--to', PHONE, '--id', 'ABC123', '--remove', '--json']);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 200, message: 'Reação removida com sucesso.' });
    expect((await t.dev.onlySent()).content).toEqual({ message: 'remove', id: 'ABC123' });
  });

  it('exits 4 for an unknown device', async () => {
    const result = await t.dev.run(['send', 'react', '--to', PHONE, '--id', 'A', '--emoji', '👍'], {
      env: { CHATBOT_APPKEY: 'nope-nope' },
    });
    expect(result.exitCode).toBe(4);
  });

  it('refuses two emoji, both --emoji and --remove, and neither', async () => {
    const two = await t.dev.run(['send', 'react', '--to', PHONE, '--id', 'A', '--emoji', '👍👍']);
    expect(two.exitCode).toBe(2);
    expect(two.stderr).toContain('--emoji must be exactly one emoji');
    const both = await t.dev.run(['send', 'react', '--to', PHONE, '--id', 'A', '--emoji', '👍', '--remove']);
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toContain('either --emoji or --remove');
    const neither = await t.dev.run(['send', 'react', '--to', PHONE, '--id', 'A']);
    expect(neither.exitCode).toBe(2);
    expect(neither.stderr).toContain('Missing --emoji');
    expect(await t.dev.outbox()).toEqual([]);
  });
});
