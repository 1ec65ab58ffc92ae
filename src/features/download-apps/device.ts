/**
 * The device the page is on, and what that decides in the app download block and the getting-started video (spec
 * 000 section 2). Apart from the list of apps (rules.ts), so home's first load carries only these few lines.
 */
export type Device = 'android' | 'ios' | 'desktop';

export interface DeviceHints {
  userAgent: string;
  /** navigator.maxTouchPoints: an iPad asking for the desktop site says "Macintosh" but has touch. */
  maxTouchPoints?: number;
}

/** The kind of device the page is on, from the browser's hints. */
export function detectDevice({ userAgent, maxTouchPoints = 0 }: DeviceHints): Device {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'desktop';
}

/** QR codes are for scanning with another device: shown on a computer, not on the phone itself. */
export const showsQrCodes = (device: Device): boolean => device === 'desktop';

/** Which version of the embedded getting-started video a device plays (spec 000 section 2). */
export function videoVersionFor(device: Device): 'ios' | 'android' | 'web' {
  return device === 'desktop' ? 'web' : device;
}
