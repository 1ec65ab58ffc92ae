import {
  checkContact,
  MAX_IMPORT_ROWS,
  type Contact,
  type ContactRow,
  type ImportContactsResult,
} from '@portal/contract';

import { userErrorText } from '../../../lib/error-text.ts';
import type { CsvContact, ParsedCsv } from './contacts-csv.ts';

/**
 * The import's state, outside React: a file is read into a preview (each row checked by the
 * contract's rule, so the bad ones show before anything is sent), then the good rows go up in
 * chunks of MAX_IMPORT_ROWS with the progress shown, then the created and failed lists. Rows the
 * server refuses (duplicates) join the failed list with its reasons.
 */

/** A row of the preview: the contact as read, and its problems by field (empty when fine). */
export interface PreviewRow extends CsvContact {
  errors: Record<string, string>;
}

/** A row that was not imported: its row in the file and why. */
export interface FailedRow {
  row: number;
  contact: ContactRow;
  errors: Record<string, string>;
}

export type ImportState =
  | { step: 'choose'; error: string | null }
  | { step: 'preview'; fileName: string; rows: PreviewRow[]; ignoredColumns: string[] }
  | { step: 'importing'; done: number; total: number }
  | { step: 'done'; created: Contact[]; failed: FailedRow[]; error: string | null };

export interface ImportCalls {
  parse: (text: string) => ParsedCsv | Promise<ParsedCsv>;
  importContacts: (contacts: ContactRow[], signal: AbortSignal) => Promise<ImportContactsResult>;
}

export function createImportController(calls: ImportCalls, onImported?: () => void) {
  let state: ImportState = { step: 'choose', error: null };
  const listeners = new Set<() => void>();
  let abort: AbortController | undefined;
  const set = (next: ImportState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  return {
    getState: (): ImportState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** A file was chosen: its rows checked for the preview, or why it cannot be read. */
    async read(fileName: string, text: string): Promise<void> {
      const parsed = await calls.parse(text);
      if (!parsed.ok) {
        set({ step: 'choose', error: parsed.error });
        return;
      }
      const rows = parsed.rows.map((row) => {
        const checked = checkContact(row.contact);
        return { ...row, errors: checked.ok ? {} : (checked.errors as Record<string, string>) };
      });
      set({ step: 'preview', fileName, rows, ignoredColumns: parsed.ignoredColumns });
    },

    /** Back to choosing a file. */
    reset(): void {
      abort?.abort();
      set({ step: 'choose', error: null });
    },

    /** Sends the preview's good rows in chunks; the bad ones go straight to the failed list. */
    async start(): Promise<void> {
      if (state.step !== 'preview') return;
      const good = state.rows.filter((row) => Object.keys(row.errors).length === 0);
      const failed: FailedRow[] = state.rows
        .filter((row) => Object.keys(row.errors).length > 0)
        .map(({ row, contact, errors }) => ({ row, contact, errors }));
      const created: Contact[] = [];
      abort = new AbortController();
      const { signal } = abort;
      set({ step: 'importing', done: 0, total: good.length });
      let error: string | null = null;
      for (let start = 0; start < good.length; start += MAX_IMPORT_ROWS) {
        const chunk = good.slice(start, start + MAX_IMPORT_ROWS);
        try {
          const result = await calls.importContacts(
            chunk.map((row) => row.contact),
            signal,
          );
          created.push(...result.created);
          for (const refused of result.failed) {
            const row = chunk[refused.index];
            if (row) failed.push({ row: row.row, contact: row.contact, errors: refused.errors });
          }
        } catch (caught) {
          if (signal.aborted) return;
          // What was sent before stays imported; the rest is reported as not imported.
          error = `${userErrorText(caught)} ${good.length - start} contacts were not imported.`;
          for (const row of good.slice(start))
            failed.push({
              row: row.row,
              contact: row.contact,
              errors: { firstname: 'Not imported: the import stopped' },
            });
          break;
        }
        set({ step: 'importing', done: Math.min(good.length, start + chunk.length), total: good.length });
      }
      failed.sort((a, b) => a.row - b.row);
      if (created.length > 0) onImported?.();
      set({ step: 'done', created, failed, error });
    },

    dispose(): void {
      abort?.abort();
      listeners.clear();
    },
  };
}
