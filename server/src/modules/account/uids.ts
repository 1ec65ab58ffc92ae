// The {uid} of a password reset link (/auth/password_reset/{uid}/{token}), read back when the link is used.

/** Base64url of the user's id: the {uid} of a reset link, as Django's password reset makes it. */
export const uidOf = (userId: number) => Buffer.from(String(userId)).toString('base64url');

export function userIdOfUid(uid: string): number | null {
  const decoded = /^[A-Za-z0-9_-]{1,16}$/.test(uid) ? Buffer.from(uid, 'base64url').toString('utf8') : '';
  return /^[1-9]\d{0,9}$/.test(decoded) ? Number(decoded) : null;
}
