// linux-arm64's single executable, run under qemu-user (Debian's qemu-user with the arm64 libraries of
// libc6-arm64-cross and libstdc++6-arm64-cross) with no node on PATH: its version, and its emulator taking a send from
// it and delivering the send's webhook event to a receiver here.
import { describe, expect, it } from 'vitest';
import { ARM64_UNDER_QEMU } from './binary.js';
import { readExecutable } from './headers.js';
import { itSendsAndDelivers } from './send-and-webhook.js';

describe('the linux-arm64 single executable under qemu-aarch64', () => {
  it('is an arm64 ELF file', () => {
    expect(readExecutable(ARM64_UNDER_QEMU.binary)).toMatchObject({ format: 'elf', cpu: 'arm64' });
  });

  itSendsAndDelivers(() => ARM64_UNDER_QEMU, /v24\.\d+\.\d+/, 'Olá do arm64');
});
