// /api/create-message: every send, schedules and their cancelling, and OTP checks — chosen by the fields they carry.
import { defineArea, EXTENSION, reference } from '../area.js';
import { flagTrue, given, OTHERWISE } from '../selectors.js';
import { cancelSchedule } from './cancel-schedule.js';
import { CREATE_MESSAGE_OPERATIONS as DOCS } from './openapi.js';
import { scheduleMessage } from './schedule.js';
import { postStory, sendLocation, sendReaction, sendText } from './send-basic.js';
import { sendButtons, sendCarousel, sendPoll } from './send-interactive.js';
import { sendMedia } from './send-media.js';
import { sendReply } from './send-reply.js';
import { sendTemplate } from './send-template.js';
import { verifyOtp } from './verify-otp.js';

export const CREATE_MESSAGE = defineArea({
  path: '/api/create-message',
  operations: {
    postStory: { provenance: reference(4), selector: flagTrue('story'), run: postStory, doc: DOCS.postStory },
    sendCarousel: { provenance: reference(5), selector: given('cards'), run: sendCarousel, doc: DOCS.sendCarousel },
    sendButtons: { provenance: reference(6), selector: given('buttons'), run: sendButtons, doc: DOCS.sendButtons },
    sendLocation: {
      provenance: reference(7),
      selector: given('latitude', 'longitude'),
      run: sendLocation,
      doc: DOCS.sendLocation,
    },
    sendPoll: { provenance: reference(8), selector: given('opcoes'), run: sendPoll, doc: DOCS.sendPoll },
    sendReaction: {
      provenance: reference(9),
      selector: flagTrue('reactionMessage'),
      run: sendReaction,
      doc: DOCS.sendReaction,
    },
    sendTemplate: {
      provenance: reference(10),
      selector: given('template_id'),
      run: sendTemplate,
      doc: DOCS.sendTemplate,
    },
    scheduleMessage: {
      provenance: reference(11),
      selector: given('agendamento'),
      run: scheduleMessage,
      doc: DOCS.scheduleMessage,
    },
    sendText: { provenance: reference(12), selector: OTHERWISE, run: sendText, doc: DOCS.sendText },
    verifyOtp: { provenance: reference(13), selector: given('verificarOTP'), run: verifyOtp, doc: DOCS.verifyOtp },
    sendMedia: { provenance: EXTENSION, selector: given('file'), run: sendMedia, doc: DOCS.sendMedia },
    sendReply: { provenance: EXTENSION, selector: given('idMensagem'), run: sendReply, doc: DOCS.sendReply },
    cancelSchedule: {
      provenance: EXTENSION,
      selector: flagTrue('cancelarAgendamento'),
      run: cancelSchedule,
      doc: DOCS.cancelSchedule,
    },
  },
  // Explicit true flags first, then the field only one operation carries, most specific first; a text otherwise.
  precedence: [
    'postStory',
    'sendReaction',
    'cancelSchedule',
    'verifyOtp',
    'scheduleMessage',
    'sendReply',
    'sendTemplate',
    'sendPoll',
    'sendCarousel',
    'sendButtons',
    'sendLocation',
    'sendMedia',
    'sendText',
  ],
  routes: [],
});
