// config list|get|set|unset and profile ls|use|rm.
import { defineCommand, defineGroup, lazy, type Node } from '../command.js';
import { arg, flag } from '../flags.js';

const load = () => import('../actions/config.js');
const KEYS = 'base-url, authkey, appkey or timezone';

export const configListCommand = defineCommand({
  name: 'list',
  aliases: ['ls'],
  description: 'Show every setting, where it comes from, keys masked',
  examples: ['chatbot config list', 'chatbot config list --json'],
});

export const configGetCommand = defineCommand({
  name: 'get',
  description: 'Print one setting (keys masked unless --reveal)',
  args: [arg('<key>', KEYS)],
  flags: { reveal: flag.on('print a key whole') },
  examples: ['chatbot config get base-url', 'chatbot config get authkey --reveal'],
});

export const configSetCommand = defineCommand({
  name: 'set',
  description: 'Store a setting in the active profile (created if --profile names a new one)',
  createsProfile: true,
  args: [arg('<key>', KEYS), arg('<value>', 'the new value')],
  examples: ['chatbot config set base-url https://api.example.com', 'chatbot config set timezone Europe/Lisbon'],
});

export const configUnsetCommand = defineCommand({
  name: 'unset',
  description: 'Remove a setting from the active profile (the default applies again)',
  args: [arg('<key>', KEYS)],
  examples: ['chatbot config unset base-url'],
});

export const profileListCommand = defineCommand({
  name: 'ls',
  aliases: ['list'],
  description: 'List profiles; the active one is marked',
  examples: ['chatbot profile ls'],
});

export const profileUseCommand = defineCommand({
  name: 'use',
  description: 'Make a profile the active one; an unknown name is an error unless --create',
  args: [arg('<name>', 'profile name: letters, digits, dot, dash, underscore')],
  flags: { create: flag.on('create the profile if it does not exist yet') },
  examples: ['chatbot profile use staging', 'chatbot profile use --create staging'],
});

export const profileRemoveCommand = defineCommand({
  name: 'rm',
  aliases: ['remove'],
  description: 'Delete a profile and its stored keys',
  args: [arg('<name>', 'profile name')],
  flags: { yes: flag.on('do not ask for confirmation (required when not interactive)', { short: 'y' }) },
  examples: ['chatbot profile rm staging --yes'],
});

export const configCommands: Node[] = [
  defineGroup({
    name: 'config',
    description: `Read and change the active profile's settings (${KEYS})`,
    commands: [
      lazy(configListCommand, load, 'configList'),
      lazy(configGetCommand, load, 'configGet'),
      lazy(configSetCommand, load, 'configSet'),
      lazy(configUnsetCommand, load, 'configUnset'),
    ],
  }),
  defineGroup({
    name: 'profile',
    description: 'List, choose and remove profiles',
    commands: [
      lazy(profileListCommand, load, 'profileList'),
      lazy(profileUseCommand, load, 'profileUse'),
      lazy(profileRemoveCommand, load, 'profileRemove'),
    ],
  }),
];
