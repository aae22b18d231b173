// OpenAPI entries of /api/create-message: every send, schedules and OTP checks.
import { body, fields, object, ok, ref, str, type OperationDoc } from '../../openapi/schemas.js';
import { QUOTED_KINDS } from './send-reply.js';

const { flag, keys } = fields;
const sendKeys = ['appkey', 'authkey', 'to'];

export const CREATE_MESSAGE_OPERATIONS = {
  postStory: {
    summary: 'Post a status (story): `story` = true',
    request: body({ ...keys, story: flag, message: str, file: str, backgroundColor: str }, [
      'appkey',
      'authkey',
      'story',
    ]),
    response: ok({ message: str, data: object({ id: str }) }),
  },
  sendCarousel: {
    summary: 'Send a carousel of 1–10 cards',
    request: body({ ...keys, to: str, message: str, cards: { type: ['array', 'string'] } }, [
      ...sendKeys,
      'message',
      'cards',
    ]),
    response: ref('Sent'),
  },
  sendButtons: {
    summary: 'Send a message with 1–10 buttons',
    request: body({ ...keys, to: str, message: str, buttons: { type: ['array', 'string'] } }, [
      ...sendKeys,
      'message',
      'buttons',
    ]),
    response: ref('Sent'),
  },
  sendLocation: {
    summary: 'Send a location',
    request: body(
      {
        ...keys,
        to: str,
        latitude: { type: ['number', 'string'] },
        longitude: { type: ['number', 'string'] },
        message: str,
      },
      [...sendKeys, 'latitude', 'longitude'],
    ),
    response: ref('Sent'),
  },
  sendPoll: {
    summary: 'Send a poll of 2–12 options (the device must be connected)',
    request: body({ ...keys, to: str, message: str, opcoes: { type: ['array', 'string'] }, multiplaEscolha: flag }, [
      ...sendKeys,
      'message',
      'opcoes',
    ]),
    response: ref('Sent'),
  },
  sendReaction: {
    summary: 'React to a message with an emoji, or `remove`',
    request: body({ ...keys, to: str, message: str, id: str, reactionMessage: flag }, [
      ...sendKeys,
      'message',
      'id',
      'reactionMessage',
    ]),
    response: ref('Sent'),
  },
  sendTemplate: {
    summary: 'Send a template with its variables filled in',
    request: body({ ...keys, to: str, template_id: str, variables: { type: ['object', 'array', 'string'] } }, [
      ...sendKeys,
      'template_id',
      'variables',
    ]),
    response: ref('Sent'),
  },
  scheduleMessage: {
    summary: "Schedule a message (`agendamento` = `YYYY-MM-DD HH:MM:SS` in the emulator's zone)",
    request: body(
      { ...keys, to: { type: ['string', 'array'] }, message: str, agendamento: str, file: str, nomearquivo: str },
      [...sendKeys, 'message', 'agendamento'],
    ),
    response: ok({
      message: str,
      agendamento_id: str,
      id: { ...str, description: 'The real service: the same value as `agendamento_id`' },
    }),
  },
  sendText: {
    summary: 'Send a text (a body that selects no other operation)',
    request: body({ ...keys, to: str, message: str }, [...sendKeys, 'message']),
    response: ref('Sent'),
  },
  verifyOtp: {
    summary: 'Check an OTP code (`message` = false)',
    request: body({ ...keys, to: str, message: flag, verificarOTP: { type: ['string', 'integer'] } }, [
      ...sendKeys,
      'message',
      'verificarOTP',
    ]),
    response: ok({ message: str, valid: { const: true } }),
  },
  sendMedia: {
    summary: 'Send a file: `file` = an http(s) URL or base64 data (a `data:…;base64,` prefix allowed)',
    request: body(
      {
        ...keys,
        to: str,
        file: str,
        message: { ...str, description: "The file's name (or `nomearquivo`)" },
        nomearquivo: str,
        descricao: { ...str, description: 'Caption' },
        format: { ...str, description: 'File type (`pdf`, `jpg`, ...) that picks the media kind' },
      },
      ['appkey', 'authkey', 'to', 'file'],
    ),
    response: ref('Sent'),
  },
  sendReply: {
    summary: 'Reply quoting an earlier message (`idMensagem`)',
    request: body(
      {
        ...keys,
        to: str,
        message: str,
        idMensagem: str,
        respostaMensagem: { ...str, description: 'The quoted text' },
        tipoMensagem: {
          enum: [...QUOTED_KINDS],
          default: 'conversation',
        },
        tipo: {
          type: 'string',
          description: 'Who wrote the quoted message: `chat` or `me`, any case',
          default: 'chat',
        },
        thumbnail: str,
      },
      ['appkey', 'authkey', 'to', 'message', 'idMensagem'],
    ),
    response: ref('Sent'),
  },
  cancelSchedule: {
    summary: 'Cancel a pending schedule (`cancelarAgendamento` = true, `message` = its id)',
    request: body({ ...keys, message: str, cancelarAgendamento: flag }, [
      'appkey',
      'authkey',
      'message',
      'cancelarAgendamento',
    ]),
    response: ok({ message: str, id: { ...str, description: "The cancelled schedule's id" } }),
  },
} satisfies Record<string, OperationDoc>;
