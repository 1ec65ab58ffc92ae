// The site's read model (spec 001 section 3 "Site"): a cloud phone's numbers and users as the site and the pages
// built on it show them. Owned by the site module, it joins the numbers module's phone_numbers with the users module's
// voip_users (who each number rings) and those with the hardware module's hardware_ports (who has a desk phone); the
// plain lists come from their owners (numbers/index.ts, users/index.ts). It writes nothing.
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';

import type { Reads } from '../../db/connect.ts';
import { hardwarePorts } from '../../db/schema/hardware.ts';
import { phoneNumbers } from '../../db/schema/numbers.ts';
import { voipUsers } from '../../db/schema/users.ts';
import { siteNumbersOf } from '../numbers/index.ts';
import { lockedVoipUsersOf, voipUsersOf } from '../users/index.ts';

// A cloud phone's site: its numbers and its users (spec 001 section 3).

/** The product's numbers, the pilot number first. */
export async function siteNumbers(db: Reads, productId: number) {
  return siteNumbersOf(db, productId);
}

/** The product's numbers with the extension of the user each rings (null for none), the pilot number first. */
export async function siteNumbersWithExtensions(db: Reads, productId: number) {
  return db
    .select({
      id: phoneNumbers.id,
      number: phoneNumbers.number,
      label: phoneNumbers.label,
      extension: voipUsers.extension,
      userId: voipUsers.id,
      firstName: voipUsers.firstName,
      lastName: voipUsers.lastName,
    })
    .from(phoneNumbers)
    .leftJoin(voipUsers, eq(voipUsers.id, phoneNumbers.voipUserId))
    .where(eq(phoneNumbers.productId, productId))
    .orderBy(asc(phoneNumbers.id));
}

/** The product's users, the main user first. */
export async function siteUsers(db: Reads, productId: number) {
  return voipUsersOf(db, productId);
}

/**
 * The product's users, the main user first, each with whether a call can ring them: a desk phone port is theirs,
 * or their PIN is set (the PIN signs them in to the phone apps). The call-flow checks warn about the rest.
 */
export async function siteUsersWithDevices(db: Reads, productId: number) {
  return db
    .select({
      ...getTableColumns(voipUsers),
      hasPhoneOrApp: sql<boolean>`(${voipUsers.pinHash} is not null or exists (select 1 from ${hardwarePorts} where ${hardwarePorts.voipUserId} = ${voipUsers.id}))`,
    })
    .from(voipUsers)
    .where(eq(voipUsers.productId, productId))
    .orderBy(asc(voipUsers.id));
}

/** The product's locked users, by id. */
export async function lockedSiteUsers(db: Reads, productId: number) {
  return lockedVoipUsersOf(db, productId);
}
