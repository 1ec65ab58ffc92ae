/** The value of a cookie readable by scripts, or null. */
export function readCookie(name: string, cookies: string = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const [rawKey, ...rest] = part.split('=');
    if (rawKey?.trim() === name) {
      const value = rest.join('=').trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}

/** The quick-tour cookie (spec 000 section 3); logout removes it (section 4). */
export const QUICK_TOUR_COOKIE = 'quicktour';

/** Removes a cookie set for this site's root path. */
export function removeCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; path=/; SameSite=Lax`;
}
