// Template filling: `{{name}}` placeholders and the variables that fill them.
import { describe, expect, it } from 'vitest';
import { fillTemplate } from '../../../src/emulator/rules/template.js';

describe('fillTemplate', () => {
  it('fills every occurrence of each placeholder, spaces inside braces allowed', () => {
    expect(fillTemplate('Olá {{nome}}, pedido {{ pedido }}. Tchau, {{nome}}!', { nome: 'Ana', pedido: '#1' })).toBe(
      'Olá Ana, pedido #1. Tchau, Ana!',
    );
  });

  it('stringifies numbers and booleans', () => {
    expect(fillTemplate('{{n}} {{b}}', { n: 42, b: true })).toBe('42 true');
  });

  it('leaves placeholders without a variable (or with an object value) as written', () => {
    expect(fillTemplate('Oi {{nome}} {{x}}', { x: { a: 1 } })).toBe('Oi {{nome}} {{x}}');
  });

  it('does not read inherited properties', () => {
    expect(fillTemplate('{{constructor}} {{toString}}', {})).toBe('{{constructor}} {{toString}}');
  });

  it('inserts replacement text literally ($ patterns included)', () => {
    expect(fillTemplate('{{v}}', { v: "$& $1 $$ $'" })).toBe("$& $1 $$ $'");
  });
});
