// The local emulator of the service: `emulator start`, the control commands that stand in for the network
// (connect, group, template, otp, outbox, webhooks, reset), `emulator trigger` for incoming events, and what tests
// need beyond that (fault, disconnect, clock, requests); and `chatbot dev`, a bot's whole setup on it. Each handler
// is imported only when its command runs.
import { defineGroup, lazy, type Node } from '../../command.js';
import { clockAdvanceCommand } from './clock/advance-command.js';
import { clockResetCommand } from './clock/reset-command.js';
import { clockSetCommand } from './clock/set-command.js';
import { emulatorConnectCommand } from './connect-command.js';
import { devCommand } from './dev/dev-command.js';
import { disconnectCommand } from './disconnect-command.js';
import { faultAddCommand } from './fault/add-command.js';
import { faultClearCommand } from './fault/clear-command.js';
import { faultListCommand } from './fault/ls-command.js';
import { faultRemoveCommand } from './fault/rm-command.js';
import { emulatorGroupCommand } from './group-command.js';
import { emulatorOtpCommand } from './otp-command.js';
import { emulatorOutboxCommand } from './outbox-command.js';
import { requestsCommand } from './requests-command.js';
import { emulatorResetCommand } from './reset-command.js';
import { emulatorSetWebhookCommand } from './set-webhook-command.js';
import { emulatorStartCommand } from './start-command.js';
import { emulatorTemplateCommand } from './template-command.js';
import { triggerButtonCommand } from './trigger/button-command.js';
import { triggerLocationCommand } from './trigger/location-command.js';
import { triggerMediaCommand } from './trigger/media-command.js';
import { triggerPollVoteCommand } from './trigger/poll-vote-command.js';
import { triggerReactionCommand } from './trigger/reaction-command.js';
import { triggerTextCommand } from './trigger/text-command.js';
import { emulatorWebhooksCommand } from './webhooks-command.js';

const trigger = defineGroup({
  name: 'trigger',
  description: 'Make a contact write, send a file, click, vote, react or share a location to the device of --appkey',
  commands: [
    lazy(triggerTextCommand, () => import('./trigger/text.js'), 'triggerText'),
    lazy(triggerMediaCommand, () => import('./trigger/media.js'), 'triggerMedia'),
    lazy(triggerButtonCommand, () => import('./trigger/button.js'), 'triggerButton'),
    lazy(triggerPollVoteCommand, () => import('./trigger/poll-vote.js'), 'triggerPollVote'),
    lazy(triggerReactionCommand, () => import('./trigger/reaction.js'), 'triggerReaction'),
    lazy(triggerLocationCommand, () => import('./trigger/location.js'), 'triggerLocation'),
  ],
});

const fault = defineGroup({
  name: 'fault',
  description: 'Make the emulator fail on purpose: add, list and remove fault rules',
  commands: [
    lazy(faultAddCommand, () => import('./fault/add.js'), 'faultAdd'),
    lazy(faultListCommand, () => import('./fault/ls.js'), 'faultList'),
    lazy(faultRemoveCommand, () => import('./fault/rm.js'), 'faultRemove'),
    lazy(faultClearCommand, () => import('./fault/clear.js'), 'faultClear'),
  ],
});

const clock = defineGroup({
  name: 'clock',
  description: "Move the emulator's time: set, advance, back to real time",
  commands: [
    lazy(clockSetCommand, () => import('./clock/set.js'), 'clockSet'),
    lazy(clockAdvanceCommand, () => import('./clock/advance.js'), 'clockAdvance'),
    lazy(clockResetCommand, () => import('./clock/reset.js'), 'clockReset'),
  ],
});

export const emulatorCommands: Node[] = [
  defineGroup({
    name: 'emulator',
    description: 'Run and drive a local emulator of the whole service',
    commands: [
      lazy(emulatorStartCommand, () => import('./start.js'), 'emulatorStart'),
      lazy(emulatorConnectCommand, () => import('./connect.js'), 'emulatorConnect'),
      lazy(emulatorSetWebhookCommand, () => import('./set-webhook.js'), 'emulatorSetWebhook'),
      lazy(emulatorGroupCommand, () => import('./group.js'), 'emulatorGroup'),
      lazy(emulatorTemplateCommand, () => import('./template.js'), 'emulatorTemplate'),
      lazy(emulatorOtpCommand, () => import('./otp.js'), 'emulatorOtp'),
      lazy(emulatorOutboxCommand, () => import('./outbox.js'), 'emulatorOutbox'),
      lazy(emulatorWebhooksCommand, () => import('./webhooks.js'), 'emulatorWebhooks'),
      lazy(emulatorResetCommand, () => import('./reset.js'), 'emulatorReset'),
      trigger,
      fault,
      lazy(disconnectCommand, () => import('./disconnect.js'), 'emulatorDisconnect'),
      clock,
      lazy(requestsCommand, () => import('./requests.js'), 'emulatorRequests'),
    ],
  }),
  lazy(devCommand, () => import('./dev/dev.js'), 'dev'),
];
