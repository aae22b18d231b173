// `chatbot demo` runs the whole tour against its own throwaway emulator and exits 0.
import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../support/harness.js';

const box = new Sandbox('http://127.0.0.1:9');
afterAll(() => box.cleanup());

describe('chatbot demo', () => {
  it('shows each command line before its output, goes through every step, and leaves nothing behind', async () => {
    const result = await box.spawn(['demo'], { env: { CHATBOT_BASE_URL: undefined } });
    expect(result.stderr).not.toContain('Error');
    expect(result.exitCode).toBe(0);
    const commands = [...result.stdout.matchAll(/^\$ chatbot (\S+(?: \S+)?)/gm)].map((m) => m[1]);
    expect(commands).toEqual([
      'register --name',
      'pair --name',
      'emulator connect',
      'devices ls',
      'send text',
      'send poll',
      'emulator trigger',
      'send schedule',
      'emulator outbox',
      'emulator group',
      'group info',
    ]);
    expect(result.stdout).toContain('█');
    expect(result.stdout).toMatch(/Device \S+ \(dev_\w+\) connected/);
    expect(result.stdout).toMatch(
      /→ 5521998765432 +text +"Lembrete: sua pizza chega em 10 minutos\." {2}\(scheduled agd_\w+\)/,
    );
    expect(result.stdout).toMatch(/← 5521998765432 +poll_vote +"Qual sabor\?" → "Marguerita"/);
    expect(result.stdout).toContain('Clientes VIP');
    const home = /throwaway config in (\S+)/.exec(result.stderr)?.[1];
    expect(home).toBeDefined();
    expect(existsSync(home ?? '/')).toBe(false);
    expect(existsSync(box.configDir)).toBe(false);
  });
});
