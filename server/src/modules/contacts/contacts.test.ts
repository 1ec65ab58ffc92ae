import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { ContactList, contactMessages, ImportContactsResult, MAX_IMPORT_ROWS } from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import { products } from '../../db/schema/index.ts';
import { authHeaders, getCsrf, login, seededProductIds, useTestApp, type Csrf } from '../../test/helper.ts';
import { ACME_DEMO_CONTACTS } from './demo-contacts.ts';
import { CONTACTS_TEMPLATE } from './handlers.ts';

const t = useTestApp();

let csrf: Csrf;
let customer = '';
let trial = '';
let multi = '';
const ids = { acme: 0, acmeBroadband: 0, trial: 0, supplier2: 0 };

beforeAll(async () => {
  csrf = await getCsrf(t.app);
  [customer, trial, multi] = await Promise.all([
    login(t.app, demoLogins.customer),
    login(t.app, demoLogins.trial),
    login(t.app, demoLogins.multiProduct),
  ]);
  const seeded = await seededProductIds(t.db);
  ids.acme = seeded.acme;
  ids.acmeBroadband = seeded.acmeBroadband;
  ids.trial = seeded.trial;
  const [older] = await t.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.kind, 'voip'), eq(products.supplier, 2)));
  ids.supplier2 = older!.id;
});

const list = async (query = '', key = customer, id = ids.acme) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/voip/${id}/contacts/${query}`,
    headers: authHeaders(key),
  });
  expect(response.statusCode, response.body).toBe(200);
  return ContactList.parse(response.json());
};
const importRows = async (contacts: unknown, key = customer, id = ids.acme) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/voip/${id}/import-contacts/`,
    headers: authHeaders(key, csrf),
    payload: { contacts },
  });
const imported = async (contacts: unknown[]) => {
  const response = await importRows(contacts);
  expect(response.statusCode, response.body).toBe(200);
  return ImportContactsResult.parse(response.json());
};

describe('the phonebook list', () => {
  it('answers the demo phonebook sorted by name, a page at a time, with its uuid', async () => {
    const all = await list();
    expect(all.total).toBe(ACME_DEMO_CONTACTS);
    expect(all.contacts).toHaveLength(ACME_DEMO_CONTACTS);
    expect(all.phonebook_uuid).toMatch(/^[0-9a-f-]{36}$/);
    const firstNames = all.contacts.map((c) => c.firstname.toLowerCase());
    expect(firstNames).toEqual([...firstNames].sort());
    const page2 = await list('?page=2');
    expect(page2.contacts).toHaveLength(20);
    expect(page2.contacts[0]).toEqual(all.contacts[20]);
    const last = await list(`?page=${Math.ceil(ACME_DEMO_CONTACTS / 20)}&page_size=20`);
    expect(last.contacts).toHaveLength(ACME_DEMO_CONTACTS % 20 || 20);
    expect((await list('?page=999')).contacts).toEqual([]);
  });

  it('searches names, company, e-mail and number (also as typed in international form)', async () => {
    const byName = await list('?search=aisha%20ahmed&page=1');
    expect(byName.count).toBeGreaterThan(0);
    expect(byName.contacts.every((c) => c.firstname === 'Aisha' && c.lastname === 'Ahmed')).toBe(true);
    const byCompany = await list('?search=pennine');
    expect(byCompany.contacts.every((c) => c.enterprise === 'Pennine Tiles')).toBe(true);
    const [someone] = (await list()).contacts;
    const byNumber = await list(`?search=${encodeURIComponent(`+44 ${someone!.number.slice(1)}`)}`);
    expect(byNumber.contacts.map((c) => c.id)).toContain(someone!.id);
    // LIKE's wildcards are text here.
    expect((await list('?search=%25%25')).count).toBe(0);
    expect((await list('?search=_')).count).toBe(0);
  });

  it('is 404 for the older version, another account, a broadband product; 400 for junk', async () => {
    const get = (id: number, key = customer, query = '') =>
      t.app.inject({ method: 'GET', url: `/api/v1/voip/${id}/contacts/${query}`, headers: authHeaders(key) });
    expect((await get(ids.supplier2, multi)).statusCode).toBe(404);
    expect((await get(ids.trial)).statusCode).toBe(404);
    expect((await get(ids.acmeBroadband)).statusCode).toBe(404);
    expect((await get(ids.acme, trial)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/voip/${ids.acme}/contacts/` })).statusCode).toBe(401);
    for (const query of ['?page=0', '?page=abc', '?page_size=101', `?search=${'x'.repeat(101)}`]) {
      const response = await get(ids.acme, customer, query);
      expect(response.statusCode, query).toBe(400);
    }
    expect((await get(ids.trial, trial)).statusCode).toBe(200);
  });
});

describe('import (bulk and single add)', () => {
  it('adds good rows, answers the bad ones with their reasons, and refuses duplicates', async () => {
    const before = (await list()).total;
    const result = await imported([
      {
        firstname: ' Zara ',
        lastname: 'Quill',
        number: '+44 1632 960999',
        email: 'zara@quill.example',
        enterprise: 'Quill & Co',
      },
      { firstname: '', lastname: '', number: '01632960998' },
      { firstname: 'No', lastname: 'Number', number: '' },
      { firstname: 'Bad', lastname: 'Number', number: '0800 123 456' },
      { firstname: 'Bad', lastname: 'Email', number: '07700900998', email: 'not-an-email' },
      { firstname: 'zara', lastname: 'QUILL', number: '01632960999' },
      { firstname: '=HYPERLINK("http://x.example","y")', lastname: '', number: '02079460999' },
    ]);
    expect(result.created.map((c) => [c.firstname, c.lastname, c.number, c.email, c.enterprise])).toEqual([
      ['Zara', 'Quill', '01632960999', 'zara@quill.example', 'Quill & Co'],
      ['=HYPERLINK("http://x.example","y")', '', '02079460999', '', ''],
    ]);
    expect(result.failed).toEqual([
      {
        index: 1,
        contact: { firstname: '', lastname: '', number: '01632960998' },
        errors: { firstname: contactMessages.nameRequired },
      },
      {
        index: 2,
        contact: { firstname: 'No', lastname: 'Number', number: '' },
        errors: { number: contactMessages.numberRequired },
      },
      {
        index: 3,
        contact: { firstname: 'Bad', lastname: 'Number', number: '0800 123 456' },
        errors: { number: contactMessages.numberInvalid },
      },
      {
        index: 4,
        contact: { firstname: 'Bad', lastname: 'Email', number: '07700900998', email: 'not-an-email' },
        errors: { email: contactMessages.emailInvalid },
      },
      {
        index: 5,
        contact: { firstname: 'zara', lastname: 'QUILL', number: '01632960999' },
        errors: { firstname: contactMessages.duplicateInFile },
      },
    ]);
    expect((await list()).total).toBe(before + 2);
    // Importing the same again adds nothing.
    const again = await imported([{ firstname: 'Zara', lastname: 'Quill', number: '01632 960999' }]);
    expect(again.created).toEqual([]);
    expect(again.failed[0]!.errors).toEqual({ firstname: contactMessages.duplicate });
  });

  it('takes up to 1000 rows at once (the page sends larger files in chunks; bench/contacts-import.ts times 5,000)', async () => {
    const rows = Array.from({ length: MAX_IMPORT_ROWS }, (_, i) => ({
      firstname: 'Bulk',
      lastname: `Row ${i}`,
      number: `07700${String(900000 + i).slice(-6)}`,
    }));
    const result = await imported(rows);
    expect(result.created).toHaveLength(MAX_IMPORT_ROWS);
    expect((await importRows([...rows, rows[0]])).statusCode).toBe(400);
    expect((await importRows([])).statusCode).toBe(400);
    expect((await importRows('nope')).statusCode).toBe(400);
    expect((await importRows([{ firstname: 5 }])).statusCode).toBe(400);
  });

  it("is 404 for a phone that is not the customer's voip3", async () => {
    expect((await importRows([{ firstname: 'A', number: '01632960001' }], customer, ids.trial)).statusCode).toBe(404);
    expect((await importRows([{ firstname: 'A', number: '01632960001' }], multi, ids.supplier2)).statusCode).toBe(404);
  });
});

describe('put and delete', () => {
  it('replaces a contact by the rules, and deletes it; only in its own phonebook', async () => {
    const { phonebook_uuid: uuid } = await list();
    const [made] = (await imported([{ firstname: 'Edit', lastname: 'Me', number: '01632960555' }])).created;
    const url = `/api/v1/voip/${ids.acme}/contacts/${uuid}/${made!.id}/`;
    const put = (payload: object, target = url, key = customer) =>
      t.app.inject({ method: 'PUT', url: target, headers: authHeaders(key, csrf), payload });

    const ok = await put({
      firstname: 'Edited',
      lastname: 'Contact',
      number: '+447700 900555',
      email: 'e@x.example',
      enterprise: 'Acme',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      id: made!.id,
      firstname: 'Edited',
      lastname: 'Contact',
      number: '07700900555',
      email: 'e@x.example',
      enterprise: 'Acme',
    });

    const bad = await put({ firstname: 'Edited', number: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ number: [contactMessages.numberInvalid] });

    // Another phonebook's uuid, a malformed one, an unknown contact, another customer.
    const trialUuid = (await list('', trial, ids.trial)).phonebook_uuid;
    expect(
      (
        await put(
          { firstname: 'X', number: '01632960001' },
          `/api/v1/voip/${ids.acme}/contacts/${trialUuid}/${made!.id}/`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await put(
          { firstname: 'X', number: '01632960001' },
          `/api/v1/voip/${ids.acme}/contacts/not-a-uuid/${made!.id}/`,
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (await put({ firstname: 'X', number: '01632960001' }, `/api/v1/voip/${ids.acme}/contacts/${uuid}/2147483647/`))
        .statusCode,
    ).toBe(404);
    expect((await put({ firstname: 'X', number: '01632960001' }, url, trial)).statusCode).toBe(404);

    const del = () => t.app.inject({ method: 'DELETE', url, headers: authHeaders(customer, csrf) });
    expect((await t.app.inject({ method: 'DELETE', url, headers: authHeaders(trial, csrf) })).statusCode).toBe(404);
    expect((await del()).statusCode).toBe(200);
    expect((await del()).statusCode).toBe(404);
    expect((await list(`?search=Edited`)).contacts.find((c) => c.id === made!.id)).toBeUndefined();
  });
});

describe('the template', () => {
  it('is import-contact.csv with the header row', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/voip/${ids.acme}/import-contacts-template/`,
      headers: authHeaders(customer),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe('attachment; filename="import-contact.csv"');
    expect(response.body).toBe(CONTACTS_TEMPLATE);
    expect(response.body).toBe('firstname,lastname,number,email,enterprise\r\n');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/voip/${ids.supplier2}/import-contacts-template/`,
          headers: authHeaders(multi),
        })
      ).statusCode,
    ).toBe(404);
  });
});
