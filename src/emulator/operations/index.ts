// The operation table: every service operation by name.
import type { Ctx } from '../context.js';
import type { Reply } from '../http/reply.js';
import type { Fields } from '../rules/fields.js';
import type { OperationName } from '../routes.js';
import type { Store } from '../store/db.js';
import { createAgent } from './agent.js';
import { connectQr, createApp, disconnectDevice, pairingLink } from './developer-extensions.js';
import { sendMedia } from './media.js';
import { sendReply } from './reply.js';
import { cancelSchedule } from './schedule-cancel.js';
import { checkNumber, deleteConversation, editAbout, profilePicture } from './settings-extensions.js';
import { checkDevice, deleteDevice, listDevices } from './developer.js';
import { groupInfo, groupInvite, renameGroup } from './groups.js';
import { verifyOtp } from './otp.js';
import { pairDevice } from './pairing.js';
import { login, register } from './register.js';
import { scheduleMessage } from './schedule.js';
import { postStory, sendLocation, sendReaction, sendText } from './send-basic.js';
import { sendButtons, sendCarousel, sendPoll } from './send-interactive.js';
import { sendTemplate } from './send-template.js';
import { renameDevice, switchWebhook, userStatus } from './settings.js';

export type Operation = (store: Store, fields: Fields, ctx: Ctx) => Reply | Promise<Reply>;

export const OPERATIONS: Readonly<Record<OperationName, Operation>> = {
  createAgent,
  register,
  login: (store, fields) => login(store, fields),
  pairDevice,
  postStory,
  sendCarousel,
  sendButtons,
  sendLocation,
  sendPoll,
  sendReaction,
  sendTemplate,
  scheduleMessage,
  sendText,
  verifyOtp,
  groupInfo,
  renameGroup,
  groupInvite,
  userStatus,
  renameDevice,
  switchWebhook,
  deleteDevice,
  listDevices,
  checkDevice,
  sendMedia,
  sendReply,
  cancelSchedule,
  connectQr,
  disconnectDevice,
  createApp,
  pairingLink,
  editAbout,
  profilePicture,
  deleteConversation,
  checkNumber,
};
