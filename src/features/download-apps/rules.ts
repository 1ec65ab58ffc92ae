import { brand } from '../../config/brand.ts';
import type { Device } from './device.ts';

/**
 * The app download block (spec 000 section 2, spec 001 /download-apps): QR codes and store
 * links for Android, iOS, Windows and Mac, filtered by device; a mobile device sees only its
 * own platform. The store and download addresses are withheld by the spec: set them here.
 */

/** Current version of the desktop app (spec 000 section 2). */
export const DESKTOP_APP_VERSION = '1.13.70';

export type AppPlatform = 'android' | 'ios' | 'windows' | 'mac';

export interface AppDownload {
  platform: AppPlatform;
  name: string;
  /** The link's words. */
  action: string;
  url: string;
  /** Desktop apps show their version. */
  version?: string;
}

const desktopFile = (extension: string) =>
  `https://downloads.portal.example/desktop/${DESKTOP_APP_VERSION}/${brand.productName}Phone-${DESKTOP_APP_VERSION}.${extension}`;

export const APP_DOWNLOADS: readonly AppDownload[] = [
  {
    platform: 'android',
    name: 'Android',
    action: 'Get it on Google Play',
    url: 'https://play.google.com/store/apps/details?id=example.portal.cloudphone',
  },
  {
    platform: 'ios',
    name: 'iPhone and iPad',
    action: 'Download on the App Store',
    url: 'https://apps.apple.com/gb/app/cloud-phone/id0000000000',
  },
  {
    platform: 'windows',
    name: 'Windows',
    action: 'Download for Windows',
    url: desktopFile('exe'),
    version: DESKTOP_APP_VERSION,
  },
  { platform: 'mac', name: 'Mac', action: 'Download for Mac', url: desktopFile('dmg'), version: DESKTOP_APP_VERSION },
];

/** The downloads a device is offered: a phone or tablet only its own platform's app, a computer all four. */
export function downloadsFor(device: Device): AppDownload[] {
  return device === 'desktop' ? [...APP_DOWNLOADS] : APP_DOWNLOADS.filter((download) => download.platform === device);
}
