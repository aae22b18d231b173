// How --help marks the commands built on the live service's operations beyond the seed.

export const EXTENSION = '[extension]';

/** The help paragraph of an extension command: what it uses and where that is documented. */
export function extensionHelp(operation: string): string {
  return `\nExtension: uses ${operation}, an operation of the live service beyond its specification (the seed);
the local emulator has it too. Evidence and details: docs/emulator.md, "Extensions".\n`;
}
