import { describe, expect, it } from 'vitest';

import { detectDevice, showsQrCodes, videoVersionFor } from './device.ts';
import { APP_DOWNLOADS, DESKTOP_APP_VERSION, downloadsFor } from './rules.ts';

const agents = {
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipadDesktopSite:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
};

describe('the app download block', () => {
  it('tells the device from the browser', () => {
    expect(detectDevice({ userAgent: agents.android })).toBe('android');
    expect(detectDevice({ userAgent: agents.iphone })).toBe('ios');
    expect(detectDevice({ userAgent: agents.ipadDesktopSite, maxTouchPoints: 5 })).toBe('ios');
    expect(detectDevice({ userAgent: agents.ipadDesktopSite, maxTouchPoints: 0 })).toBe('desktop');
    expect(detectDevice({ userAgent: agents.windows })).toBe('desktop');
  });

  it('offers a computer all four platforms with QR codes, a phone only its own without', () => {
    expect(downloadsFor('desktop').map((d) => d.platform)).toEqual(['android', 'ios', 'windows', 'mac']);
    expect(downloadsFor('android').map((d) => d.platform)).toEqual(['android']);
    expect(downloadsFor('ios').map((d) => d.platform)).toEqual(['ios']);
    expect([showsQrCodes('desktop'), showsQrCodes('android'), showsQrCodes('ios')]).toEqual([true, false, false]);
  });

  it('carries the desktop app version on the Windows and Mac downloads only, and secure links', () => {
    expect(APP_DOWNLOADS.filter((d) => d.version === DESKTOP_APP_VERSION).map((d) => d.platform)).toEqual([
      'windows',
      'mac',
    ]);
    for (const download of APP_DOWNLOADS) expect(download.url).toMatch(/^https:\/\//);
  });

  it('picks the video version by device', () => {
    expect([videoVersionFor('ios'), videoVersionFor('android'), videoVersionFor('desktop')]).toEqual([
      'ios',
      'android',
      'web',
    ]);
  });
});
