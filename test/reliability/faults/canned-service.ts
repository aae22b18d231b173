// Healthy answers for the fault server: a minimal stand-in of the service (enough for `devices ls`, `send text` and
// `pair`), or the real emulator behind it (`forwardTo`). The fault server damages these answers; it never invents them.
import QRCode from 'qrcode';

export type Json = Record<string, unknown>;

/** One request as the fault server saw it. */
export interface SeenRequest {
  /** 0 for the first request the server received, 1 for the next, ... */
  index: number;
  /** Which TCP connection carried it: 1 for the first the server accepted, 2 for the next, ... */
  connection: number;
  method: string;
  path: string;
  /** The JSON body, or undefined when it is not a JSON object. */
  body: Json | undefined;
  raw: string;
}

/** A healthy answer: the HTTP status line and the JSON body. */
export interface Answer {
  httpStatus: number;
  body: Json;
}

/** Computes the healthy answer to a request; `earlier` are the requests received before it. */
export type Answerer = (request: SeenRequest, earlier: readonly SeenRequest[]) => Answer | Promise<Answer>;

export const CANNED_DEVICE_ID = 'dev_fa17000000000001';
export const CANNED_APPKEY = 'fa17fa17fa17fa17fa17fa17fa17fa17';
export const CANNED_MESSAGE_ID = '3EB0FA17000000000001';

let qrDataUrl: Promise<string> | undefined;

/** A real QR code PNG (as the service sends it), made once. */
function qrcode(): Promise<string> {
  qrDataUrl ??= QRCode.toDataURL('chatbot-fault-server:pair');
  return qrDataUrl;
}

const ok = (body: Json): Answer => ({ httpStatus: 200, body: { status: 200, ...body } });
const isTrue = (value: unknown) => value === true || value === 'true';

function developer(body: Json, earlier: readonly SeenRequest[]): Answer {
  if (isTrue(body.dispositivos)) {
    return ok({ dispositivos: [{ id: 'dev_fa17000000000000', nome: 'loja', telefone: '5581989769960', webhook: '' }] });
  }
  if (isTrue(body.checkDispositivo)) {
    // The phone links the device after pair's first poll: the check that finds the device and that poll say "not yet",
    // so a wait makes at least two polls (a fault on one poll is followed by another request).
    const checksBefore = earlier.filter((r) => r.path === '/api/developer' && isTrue(r.body?.checkDispositivo)).length;
    const nome = typeof body.message === 'string' ? body.message : 'dispositivo';
    return ok({ dispositivo: { id: CANNED_DEVICE_ID, nome, telefone: '', webhook: '', conectado: checksBefore >= 2 } });
  }
  return { httpStatus: 401, body: { status: 401, message: 'validation.required' } };
}

async function pairing(body: Json): Promise<Answer> {
  const appkey = typeof body.setAppkey === 'string' ? body.setAppkey : CANNED_APPKEY;
  if (typeof body.phone === 'string')
    return ok({ message: 'Código de pareamento gerado com sucesso.', appkey, code: '12345678' });
  return ok({ message: 'QR Code gerado com sucesso.', appkey, qrcode: await qrcode() });
}

/** The stand-in service: listDevices lists one device, checkDevice says connected from its third check on, pairDevice pairs, sends succeed. */
export const cannedAnswer: Answerer = async (request, earlier) => {
  const body = request.body ?? {};
  if (request.path === '/api/developer') return developer(body, earlier);
  if (request.path === '/api/v2/qrcode') return pairing(body);
  if (request.path === '/api/create-message') {
    return ok({
      message: 'Mensagem enviada com sucesso.',
      data: { idMensagem: CANNED_MESSAGE_ID, dataEnvio: '2025-01-02 10:00:00' },
    });
  }
  return { httpStatus: 404, body: { status: 404, message: 'Rota não encontrada.' } };
};

/** Answers every request with what the service (the emulator) at `upstream` answers to it. */
export function forwardTo(upstream: string): Answerer {
  return async (request) => {
    const response = await fetch(upstream.replace(/\/+$/, '') + request.path, {
      method: request.method,
      headers: { 'content-type': 'application/json' },
      ...(request.method === 'GET' || request.method === 'HEAD' ? {} : { body: request.raw }),
    });
    const text = await response.text();
    let body: Json;
    try {
      body = JSON.parse(text) as Json;
    } catch {
      body = { status: response.status, message: text };
    }
    return { httpStatus: response.status, body };
  };
}
