// Finding the device a pairing created when the service's checkDevice takes only an id or a name (as the seed says),
// not an appkey: a named pairing is found by name, an unnamed one by comparing the lists before and after.
import { describe, expect, it } from 'vitest';
import type { Requester } from '../../../src/api/request.js';
import { ServiceApi } from '../../../src/api/service.js';
import type { Device } from '../../../src/api/types.js';
import { ApiError } from '../../../src/errors.js';
import { deviceIds, locateDevice } from '../../../src/cli/commands/pair/find-device.js';
import { isConnected } from '../../../src/cli/shared/devices.js';

function strictService(devices: Device[]): ServiceApi {
  const request: Requester = (_path, body = {}) => {
    if (body.dispositivos === 'true') {
      if (devices.length === 0) return Promise.reject(new ApiError(404, 'Nenhum dispositivo encontrado.', {}));
      return Promise.resolve({ status: 200, dispositivos: devices });
    }
    const found = devices.find((d) => d.id === body.message || d.nome === body.message);
    if (!found) return Promise.reject(new ApiError(404, 'Nenhum dispositivo encontrado.', {}));
    return Promise.resolve({ status: 200, dispositivo: { ...found, conectado: false } });
  };
  return new ServiceApi(request);
}

const device = (id: string, nome: string): Device => ({ id, nome, telefone: '', webhook: '' });

describe('locateDevice', () => {
  it('finds a named pairing by its name (= the appkey)', async () => {
    const api = strictService([device('d1', 'loja'), device('d2', 'outra')]);
    expect(await locateDevice(api, 'k', 'loja')).toMatchObject({ id: 'd1', nome: 'loja' });
  });

  it('finds an unnamed pairing as the one device that was not there before', async () => {
    const devices = [device('d1', 'antiga')];
    const api = strictService(devices);
    const before = await deviceIds(api, 'k');
    devices.push(device('d9', 'dispositivo-x'));
    expect(await locateDevice(api, 'k', 'random-appkey-123', before)).toMatchObject({ id: 'd9' });
  });

  it('finds a named pairing the service named its own way, by the list before and after', async () => {
    const devices = [device('d1', 'antiga')];
    const api = strictService(devices);
    const before = await deviceIds(api, 'k');
    devices.push(device('d7', 'Dispositivo 7'));
    expect(await locateDevice(api, 'k', 'loja', before)).toMatchObject({ id: 'd7', nome: 'Dispositivo 7' });
  });

  it('lists an account without devices as no ids', async () => {
    expect(await deviceIds(strictService([]), 'k')).toEqual(new Set());
  });

  it("gives up with the service's 404 when the device cannot be told apart", async () => {
    const api = strictService([device('d1', 'a'), device('d2', 'b')]);
    await expect(locateDevice(api, 'k', 'random-appkey-123', new Set())).rejects.toThrow(
      'Nenhum dispositivo encontrado.',
    );
  });
});

describe('isConnected', () => {
  it.each([
    [true, true],
    ['true', true],
    [1, true],
    [false, false],
    ['false', false],
    [undefined, false],
  ])('conectado %j → %j', (conectado, expected) => {
    expect(isConnected({ ...device('d', 'n'), conectado } as unknown as Device)).toBe(expected);
  });
});
