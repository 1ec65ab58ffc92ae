import { describe, expect, it, vi } from 'vitest';

import { contactMessages, MAX_IMPORT_ROWS, type ContactRow, type ImportContactsResult } from '@portal/contract';

import { parseContactsCsv } from './contacts-csv.ts';
import { createImportController } from './import-controller.ts';

function fakeServer() {
  let id = 0;
  const seen = new Set<string>();
  const calls: number[] = [];
  const importContacts = vi.fn(async (rows: ContactRow[]): Promise<ImportContactsResult> => {
    calls.push(rows.length);
    const result: ImportContactsResult = { created: [], failed: [] };
    rows.forEach((row, index) => {
      if (seen.has(row.number!))
        result.failed.push({ index, contact: row, errors: { firstname: contactMessages.duplicate } });
      else {
        seen.add(row.number!);
        result.created.push({
          id: ++id,
          firstname: row.firstname ?? '',
          lastname: row.lastname ?? '',
          number: row.number!,
          email: '',
          enterprise: '',
        });
      }
    });
    return result;
  });
  return { importContacts, calls, seen };
}

describe('the import', () => {
  it('previews each row with its problems, sends only the good ones in chunks, and lists created and failed by row', async () => {
    const server = fakeServer();
    server.seen.add('01632960002');
    const onImported = vi.fn();
    const controller = createImportController(
      { parse: parseContactsCsv, importContacts: server.importContacts },
      onImported,
    );
    const good = Array.from({ length: MAX_IMPORT_ROWS + 5 }, (_, i) => `P,${i},07700${String(900000 + i).slice(-6)}`);
    await controller.read(
      'c.csv',
      ['firstname,lastname,number', 'Ann,Lee,01632960002', ',,01632960003', 'Bad,Number,12345', ...good].join('\n'),
    );
    const preview = controller.getState();
    if (preview.step !== 'preview') throw new Error(preview.step);
    expect(preview.rows[0]!.errors).toEqual({});
    expect(preview.rows[1]!.errors).toEqual({ firstname: contactMessages.nameRequired });
    expect(preview.rows[2]!.errors).toEqual({ number: contactMessages.numberInvalid });

    const progress: string[] = [];
    controller.subscribe(() => {
      const state = controller.getState();
      if (state.step === 'importing') progress.push(`${state.done}/${state.total}`);
    });
    await controller.start();
    const total = MAX_IMPORT_ROWS + 6;
    expect(progress).toEqual([`0/${total}`, `${MAX_IMPORT_ROWS}/${total}`, `${total}/${total}`]);
    expect(server.calls).toEqual([MAX_IMPORT_ROWS, 6]);
    const done = controller.getState();
    if (done.step !== 'done') throw new Error(done.step);
    expect(done.created).toHaveLength(MAX_IMPORT_ROWS + 5);
    expect(done.failed.map((row) => [row.row, Object.values(row.errors)[0]])).toEqual([
      [1, contactMessages.duplicate],
      [2, contactMessages.nameRequired],
      [3, contactMessages.numberInvalid],
    ]);
    expect(onImported).toHaveBeenCalledOnce();
  });

  it('says why a file cannot be read, and reports the rows not sent when the server fails', async () => {
    const controller = createImportController({
      parse: parseContactsCsv,
      importContacts: () => Promise.reject(new Error('offline')),
    });
    await controller.read('x.csv', 'name\nA');
    expect(controller.getState()).toMatchObject({ step: 'choose', error: expect.stringContaining('no number column') });
    await controller.read('x.csv', 'firstname,number\nA,01632960001');
    await controller.start();
    const done = controller.getState();
    if (done.step !== 'done') throw new Error(done.step);
    expect(done.created).toEqual([]);
    expect(done.failed).toHaveLength(1);
    expect(done.error).toContain('1 contacts were not imported');
  });
});
