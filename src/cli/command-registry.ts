// The command registry: the folders of src/cli/commands in the order --help lists their commands, each with the
// top-level words it defines. A folder's definitions (its index.ts) are imported only when a run needs them:
// `chatbot send text` loads the send folder's definitions and nothing of the others.
import type { Node } from './command.js';

export interface CommandFolder {
  /** The top-level words the folder defines (names and aliases); a test checks them against its definitions. */
  readonly words: readonly string[];
  load(): Promise<readonly Node[]>;
}

export const COMMAND_REGISTRY: readonly CommandFolder[] = [
  {
    words: ['register', 'login', 'logout', 'status'],
    load: async () => (await import('./commands/account/index.js')).accountCommands,
  },
  { words: ['pair'], load: async () => (await import('./commands/pair/index.js')).pairCommands },
  { words: ['agent'], load: async () => (await import('./commands/agent/index.js')).agentCommands },
  { words: ['devices'], load: async () => (await import('./commands/devices/index.js')).devicesCommands },
  { words: ['send'], load: async () => (await import('./commands/send/index.js')).sendCommands },
  { words: ['otp'], load: async () => (await import('./commands/otp/index.js')).otpCommands },
  { words: ['schedule'], load: async () => (await import('./commands/schedule/index.js')).scheduleCommands },
  { words: ['app'], load: async () => (await import('./commands/app/index.js')).appCommands },
  { words: ['about'], load: async () => (await import('./commands/about/index.js')).aboutCommands },
  { words: ['flow'], load: async () => (await import('./commands/flow/index.js')).flowCommands },
  { words: ['group'], load: async () => (await import('./commands/group/index.js')).groupCommands },
  { words: ['user'], load: async () => (await import('./commands/user/index.js')).userCommands },
  { words: ['name'], load: async () => (await import('./commands/name/index.js')).nameCommands },
  { words: ['webhook'], load: async () => (await import('./commands/webhook/index.js')).webhookCommands },
  { words: ['listen'], load: async () => (await import('./commands/listen/index.js')).listenCommands },
  { words: ['test'], load: async () => (await import('./commands/test/index.js')).testCommands },
  { words: ['config'], load: async () => (await import('./commands/config/index.js')).configCommands },
  { words: ['profile'], load: async () => (await import('./commands/profile/index.js')).profileCommands },
  { words: ['emulator'], load: async () => (await import('./commands/emulator/index.js')).emulatorCommands },
  { words: ['api'], load: async () => (await import('./commands/api/index.js')).apiCommands },
  { words: ['completion'], load: async () => (await import('./commands/completion/index.js')).completionCommands },
  { words: ['demo'], load: async () => (await import('./commands/demo/index.js')).demoCommands },
];

/**
 * The commands a run whose command word is `word` needs: its folder's, or every folder's when there is none or it is
 * unknown (top-level --help lists every command, and a mistyped word gets "did you mean" from the whole tree).
 */
export async function commandsFor(word: string | undefined): Promise<(readonly Node[])[]> {
  const owner = word === undefined ? undefined : COMMAND_REGISTRY.find((folder) => folder.words.includes(word));
  return Promise.all((owner ? [owner] : COMMAND_REGISTRY).map((folder) => folder.load()));
}
