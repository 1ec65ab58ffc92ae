import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// OWASP's scrypt baseline. The parameters travel inside each hash, so they can be raised
// later without invalidating stored passwords.
const COST = 2 ** 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; Node's default 32 MiB ceiling is exactly that for N=2^15, r=8.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password as `scrypt$N$r$p$salt$hash` (salt and hash base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, COST, BLOCK_SIZE, PARALLELISM);
  return ['scrypt', COST, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * The hash of a random password nobody knows: an account that signs in another way (a social
 * provider, a link) until its owner sets one by password reset.
 */
export function unusablePasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}

/** Checks a password against a stored hash in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, n, r, p, salt, hash] = stored.split('$');
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  if (algorithm !== 'scrypt' || salt === undefined || hash === undefined) return false;
  // Bounds keep a corrupt row from asking for gigabytes of memory.
  if (!Number.isInteger(Math.log2(N)) || N > 2 ** 20 || !(R >= 1 && R <= 32) || !(P >= 1 && P <= 16)) return false;
  const expected = Buffer.from(hash, 'base64');
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await derive(password, Buffer.from(salt, 'base64'), N, R, P);
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/** Computes the dummy hash ahead of the first sign-in, so that one is not slower either. */
export async function warmUpDummyPassword(): Promise<void> {
  dummyHash ??= hashPassword('not a real password');
  await dummyHash;
}

/**
 * Spends the same time as a real check, for sign-ins with an unknown e-mail, so the
 * answer time does not reveal which e-mails have accounts. Always false.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword('not a real password');
  await verifyPassword(password, await dummyHash);
  return false;
}
