// Message templates (created through the control API) of an account.
import type { Store } from './db.js';

export interface TemplateButton {
  id: string;
  texto: string;
}

export interface TemplateRow {
  id: string;
  account_id: number;
  texto: string;
  botoes: TemplateButton[];
}

export function insertTemplate(store: Store, template: TemplateRow, now: number): void {
  store
    .sql('INSERT INTO templates (id, account_id, texto, botoes, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(template.id, template.account_id, template.texto, JSON.stringify(template.botoes), now);
}

export function findTemplate(store: Store, accountId: number, id: string): TemplateRow | undefined {
  const row = store
    .sql('SELECT id, account_id, texto, botoes FROM templates WHERE id = ? AND account_id = ?')
    .get(id, accountId) as (Omit<TemplateRow, 'botoes'> & { botoes: string }) | undefined;
  return row && { ...row, botoes: JSON.parse(row.botoes) as TemplateButton[] };
}
