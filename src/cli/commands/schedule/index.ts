// schedule cancel: scheduled messages (`send schedule` creates them). Its handler is imported only when it runs.
import { defineGroup, lazy, type Node } from '../../command.js';
import { cancelScheduleCommand } from './cancel-command.js';

export const scheduleCommands: Node[] = [
  defineGroup({
    name: 'schedule',
    description: 'Manage scheduled messages (create them with `send schedule`)',
    commands: [lazy(cancelScheduleCommand, () => import('./cancel.js'), 'cancelSchedule')],
  }),
];
