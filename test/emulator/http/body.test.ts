// Request bodies: JSON, form-urlencoded and multipart decoding, and query fields under body fields.
import { describe, expect, it } from 'vitest';
import { mergeQuery, parseBody } from '../../../src/emulator/http/body.js';
import { list, record } from '../../../src/emulator/rules/fields.js';

const parse = (text: string, type?: string) => parseBody(Buffer.from(text, 'utf8'), type);

describe('parseBody', () => {
  it('reads a JSON object, keeping value types', async () => {
    const fields = await parse('{"to":"55","opcoes":["a","b"],"story":true}', 'application/json; charset=utf-8');
    expect(fields.to).toBe('55');
    expect(fields.opcoes).toEqual(['a', 'b']);
    expect(fields.story).toBe(true);
  });

  it.each(['{"a": ', 'null', '[1,2]', '42', '"texto"'])(
    'yields no fields for %j (treated as missing fields)',
    async (text) => {
      expect(Object.keys(await parse(text, 'application/json'))).toEqual([]);
    },
  );

  it('reads a form-encoded body with PHP-style arrays and objects', async () => {
    const body =
      'appkey=k&opcoes%5B%5D=A&opcoes%5B%5D=B&variables%5Bnome%5D=Ana&cards%5B0%5D%5Btitle%5D=T&cards%5B0%5D%5Bbuttons%5D%5B0%5D%5Bid%5D=x';
    const fields = await parse(body, 'application/x-www-form-urlencoded');
    expect(fields.appkey).toBe('k');
    expect(list(fields, 'opcoes')).toEqual(['A', 'B']);
    expect(record(fields, 'variables')?.nome).toBe('Ana');
    expect(JSON.parse(JSON.stringify(fields.cards))).toEqual([{ title: 'T', buttons: [{ id: 'x' }] }]);
  });

  it('reads JSON text inside form fields when the field expects a list or an object', async () => {
    const fields = await parse(
      `opcoes=${encodeURIComponent('["A","B"]')}&variables=${encodeURIComponent('{"nome":"Ana"}')}`,
      'application/x-www-form-urlencoded',
    );
    expect(list(fields, 'opcoes')).toEqual(['A', 'B']);
    expect(record(fields, 'variables')?.nome).toBe('Ana');
  });

  it('reads a multipart body, file parts by their file name', async () => {
    const form = new FormData();
    form.append('appkey', 'k');
    form.append('opcoes[0]', 'A');
    form.append('opcoes[1]', 'B');
    form.append('arquivo', new Blob(['conteudo']), 'foto.jpg');
    const request = new Request('http://127.0.0.1/', { method: 'POST', body: form });
    const buffer = Buffer.from(await request.arrayBuffer());
    const fields = await parseBody(buffer, request.headers.get('content-type') ?? undefined);
    expect(fields.appkey).toBe('k');
    expect(list(fields, 'opcoes')).toEqual(['A', 'B']);
    expect(fields.arquivo).toBe('foto.jpg');
  });

  it('sniffs JSON and forms sent without a usable content type', async () => {
    expect((await parse('{"a":"1"}', 'text/plain')).a).toBe('1');
    expect((await parse('a=1&b=2')).b).toBe('2');
    expect(Object.keys(await parse('qualquer coisa', 'text/plain'))).toEqual([]);
  });

  it('keeps __proto__ and constructor as plain data without polluting prototypes', async () => {
    const json = await parse(
      '{"__proto__":{"poluido":true},"constructor":{"prototype":{"poluido":true}}}',
      'application/json',
    );
    const form = await parse(
      '__proto__%5Bpoluido%5D=1&constructor%5Bprototype%5D%5Bpoluido%5D=1',
      'application/x-www-form-urlencoded',
    );
    expect(Object.keys(json).sort()).toEqual(['__proto__', 'constructor']);
    expect(Object.keys(form).sort()).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).poluido).toBeUndefined();
    expect(Object.getPrototypeOf(json)).toBeNull();
  });
});

describe('mergeQuery', () => {
  it('takes keys from the query string, body fields winning', async () => {
    const body = await parse('{"authkey":"do-corpo","to":"55"}', 'application/json');
    const merged = mergeQuery(new URLSearchParams('appkey=da-query&authkey=da-query'), body);
    expect(merged).toMatchObject({ appkey: 'da-query', authkey: 'do-corpo', to: '55' });
  });
});
