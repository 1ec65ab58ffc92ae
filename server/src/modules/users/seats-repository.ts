import type { Inserts } from '../../db/connect.ts';
import { voipUsers } from '../../db/schema/users.ts';

// The users of a cloud phone (its seats) as other modules make them: the first seat of a new phone.

/** A new seat of a cloud phone. */
export interface NewSeat {
  productId: number;
  firstName: string;
  lastName: string;
  email: string;
  extension: string;
  /** The seat's PIN for the phone apps and desk phones, scrypt-hashed; null until set. */
  pinHash: string | null;
}

/** Stores a new seat; takes the caller's transaction (customers.create makes a phone's first seat with it). */
export async function insertSeat(db: Inserts, seat: NewSeat): Promise<void> {
  await db.insert(voipUsers).values(seat);
}
