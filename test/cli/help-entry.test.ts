// `chatbot` alone prints the help on stdout and exits 0; `help A B` shows the nested command's help.
import { afterAll, describe, expect, it } from 'vitest';
import { Sandbox } from './support/harness.js';

const box = new Sandbox('http://127.0.0.1:9');
afterAll(() => box.cleanup());

describe('help entry points', () => {
  it('chatbot alone: help on stdout, exit 0', async () => {
    const result = await box.run([]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^Usage: chatbot \[options\] \[command\]/);
    expect(result.stderr).toBe('');
  });

  it('help send text: the help of `send text`, not of `send`', async () => {
    const result = await box.run(['help', 'send', 'text']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^Usage: chatbot send text \[options\]/);
  });

  it('help devices: the group help', async () => {
    const result = await box.run(['help', 'devices']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^Usage: chatbot devices/);
  });
});
