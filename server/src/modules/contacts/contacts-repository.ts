import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';

import type { ContactFields } from '@portal/contract';

import type { Database, Deletes, Inserts, Reads, Updates } from '../../db/connect.ts';
import { contacts, phonebooks } from '../../db/schema/contacts.ts';

/** A contact as the API answers it. */
const answerColumns = {
  id: contacts.id,
  firstname: contacts.firstname,
  lastname: contacts.lastname,
  number: contacts.number,
  email: contacts.email,
  enterprise: contacts.enterprise,
};

/** LIKE's wildcards in a search are searched for, not matched by. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ContactListRequest {
  search: string;
  /** The national number the search spells, when it spells one (a search for '+44 1632 960001'). */
  searchNumber: string | null;
  /** null: the whole phonebook. */
  page: { limit: number; offset: number } | null;
}

/** Rows added in one statement at most (PostgreSQL's 65,535 bind parameters, 5 a row). */
const INSERT_BATCH = 2000;

// Company contacts: one phonebook per cloud phone, made on first use (spec 001 section 7 "Contacts").

async function existingPhonebookOf(db: Reads, productId: number) {
  const [row] = await db.select({ uuid: phonebooks.uuid }).from(phonebooks).where(eq(phonebooks.productId, productId));
  return row?.uuid;
}

/** The product's phonebook uuid, made now if it has none. */
export async function phonebookUuidOf(db: Pick<Database, 'select' | 'insert'>, productId: number): Promise<string> {
  const existing = await existingPhonebookOf(db, productId);
  if (existing) return existing;
  await db.insert(phonebooks).values({ productId, uuid: randomUUID() }).onConflictDoNothing();
  const made = await existingPhonebookOf(db, productId);
  if (!made) throw new Error('phonebook not made');
  return made;
}

/** One page of the phonebook (or all of it) sorted by name, with the count matching the search and the phonebook's size. */
export async function contactList(db: Reads, productId: number, request: ContactListRequest) {
  const filters: SQL[] = [];
  if (request.search !== '') {
    const like = likeText(request.search);
    const matches = [
      ilike(contacts.firstname, like),
      ilike(contacts.lastname, like),
      ilike(sql`${contacts.firstname} || ' ' || ${contacts.lastname}`, like),
      ilike(contacts.number, like),
      ilike(contacts.email, like),
      ilike(contacts.enterprise, like),
    ];
    if (request.searchNumber) matches.push(eq(contacts.number, request.searchNumber));
    filters.push(or(...matches) as SQL);
  }
  const where = and(eq(contacts.productId, productId), ...filters);
  const query = db
    .select(answerColumns)
    .from(contacts)
    .where(where)
    .orderBy(asc(sql`lower(${contacts.firstname})`), asc(sql`lower(${contacts.lastname})`), asc(contacts.id));
  const [rows, [matching], [all]] = await Promise.all([
    request.page ? query.limit(request.page.limit).offset(request.page.offset) : query,
    db.select({ n: count() }).from(contacts).where(where),
    db.select({ n: count() }).from(contacts).where(eq(contacts.productId, productId)),
  ]);
  return { rows, count: matching?.n ?? 0, total: all?.n ?? 0 };
}

/** The names and number of every contact of the phonebook (the import's duplicate check). */
export async function contactKeysOf(db: Reads, productId: number) {
  return db
    .select({ firstname: contacts.firstname, lastname: contacts.lastname, number: contacts.number })
    .from(contacts)
    .where(eq(contacts.productId, productId));
}

/** Adds contacts to the product's phonebook (made already), in order; answers them with their ids. */
export async function addContacts(db: Inserts, productId: number, rows: ContactFields[]) {
  const added = [];
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH).map((row) => ({ ...row, productId }));
    added.push(...(await db.insert(contacts).values(batch).returning(answerColumns)));
  }
  return added;
}

/** Replaces a contact of the product; undefined when it has no such contact. */
export async function replaceContact(db: Updates, productId: number, id: number, fields: ContactFields) {
  const [row] = await db
    .update(contacts)
    .set(fields)
    .where(and(eq(contacts.productId, productId), eq(contacts.id, id)))
    .returning(answerColumns);
  return row;
}

/** Deletes a contact of the product; false when it has no such contact. */
export async function removeContact(db: Deletes, productId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(contacts)
    .where(and(eq(contacts.productId, productId), eq(contacts.id, id)))
    .returning({ id: contacts.id });
  return rows.length > 0;
}
