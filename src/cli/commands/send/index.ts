// send text|story|location|react|buttons|carousel|poll|template|schedule|media|reply. Each handler is imported only
// when its command runs.
import { defineGroup, lazy, type Node } from '../../command.js';
import { sendButtonsCommand } from './buttons-command.js';
import { sendCarouselCommand } from './carousel-command.js';
import { sendLocationCommand } from './location-command.js';
import { sendMediaCommand } from './media-command.js';
import { sendPollCommand } from './poll-command.js';
import { sendReactionCommand } from './react-command.js';
import { sendReplyCommand } from './reply-command.js';
import { scheduleMessageCommand } from './schedule-command.js';
import { postStoryCommand } from './story-command.js';
import { sendTemplateCommand } from './template-command.js';
import { sendTextCommand } from './text-command.js';

export const sendCommands: Node[] = [
  defineGroup({
    name: 'send',
    description:
      'Send messages: text, status, buttons, carousel, location, poll, reaction, template, scheduled, media, reply',
    commands: [
      lazy(sendTextCommand, () => import('./text.js'), 'sendText'),
      lazy(postStoryCommand, () => import('./story.js'), 'postStory'),
      lazy(sendLocationCommand, () => import('./location.js'), 'sendLocation'),
      lazy(sendReactionCommand, () => import('./react.js'), 'sendReaction'),
      lazy(sendButtonsCommand, () => import('./buttons.js'), 'sendButtons'),
      lazy(sendCarouselCommand, () => import('./carousel.js'), 'sendCarousel'),
      lazy(sendPollCommand, () => import('./poll.js'), 'sendPoll'),
      lazy(sendTemplateCommand, () => import('./template.js'), 'sendTemplate'),
      lazy(scheduleMessageCommand, () => import('./schedule.js'), 'scheduleMessage'),
      lazy(sendMediaCommand, () => import('./media.js'), 'sendMedia'),
      lazy(sendReplyCommand, () => import('./reply.js'), 'sendReply'),
    ],
  }),
];
