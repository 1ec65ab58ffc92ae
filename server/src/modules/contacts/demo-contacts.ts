import { randomUUID } from 'node:crypto';

import type { Inserts } from '../../db/connect.ts';
import { contacts, phonebooks } from '../../db/schema/contacts.ts';

// Demo phonebooks: Acme's cloud phone holds a few hundred contacts, enough for the search and
// the pages to mean something; each e2e copy a few dozen.

const FIRST = [
  'Aisha',
  'Ben',
  'Carys',
  'Dev',
  'Ellie',
  'Finn',
  'Grace',
  'Harvey',
  'Isla',
  'Jack',
  'Kiran',
  'Lola',
  'Mo',
  'Niamh',
  'Oscar',
  'Pooja',
  'Quinn',
  'Rhys',
  'Sana',
  'Theo',
];
const LAST = [
  'Ahmed',
  'Brown',
  'Campbell',
  'Davies',
  'Evans',
  'Fraser',
  'Green',
  'Hughes',
  'Iqbal',
  'Jones',
  'Khan',
  'Lewis',
  'Murphy',
  'Nowak',
  "O'Brien",
];
const COMPANIES = [
  'Northern Boilers Ltd',
  'Canal Street Supplies',
  'Leeds Pipe & Valve Wholesale Co',
  'Harrogate Heating',
  '',
  'Yorkshire Water Services',
  'Pennine Tiles',
  '',
];

/** `count` demo contacts: names, companies and numbers from Ofcom's drama ranges (never a real subscriber), some without e-mail. */
export function demoContacts(count: number, numberOffset = 0) {
  return Array.from({ length: count }, (_, i) => {
    const firstname = FIRST[i % FIRST.length]!;
    const lastname = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
    const enterprise = COMPANIES[i % COMPANIES.length]!;
    const n = (i + numberOffset) % 1000;
    const number =
      i % 3 === 0
        ? `07700900${String(n).padStart(3, '0')}`
        : i % 3 === 1
          ? `01632960${String(n).padStart(3, '0')}`
          : `02079460${String(n).padStart(3, '0')}`;
    const email =
      i % 4 === 3
        ? ''
        : `${firstname}.${lastname.replace(/'/g, '')}${i >= FIRST.length * LAST.length ? i : ''}@${
            enterprise
              ? enterprise
                  .toLowerCase()
                  .replace(/[^a-z]+/g, '-')
                  .replace(/-+$/, '')
              : 'mail'
          }.example`.toLowerCase();
    return { firstname, lastname, number, email, enterprise };
  });
}

/** Demo contacts in Acme's cloud phone: 320, so the list has 16 pages. */
export const ACME_DEMO_CONTACTS = 320;

/** Makes the product's phonebook with `count` demo contacts (in the seed's transaction). */
export async function seedDemoContacts(tx: Inserts, productId: number, count: number): Promise<void> {
  await tx.insert(phonebooks).values({ productId, uuid: randomUUID() });
  if (count > 0) await tx.insert(contacts).values(demoContacts(count).map((contact) => ({ ...contact, productId })));
}
