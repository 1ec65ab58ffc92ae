import { Heading, Text } from '@chakra-ui/react';

import { detectDevice, showsQrCodes, type Device } from '../device.ts';

export type AppDownloadsHeading = 'h1' | 'h2';

/** The page's device, from the browser's hints. */
export function currentDevice(): Device {
  return typeof navigator === 'undefined'
    ? 'desktop'
    : detectDevice({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints });
}

/**
 * The app download block's heading and words (spec 000 section 2). Home draws them with the page: they are its
 * largest text, so its largest paint does not wait for the list of apps, which loads after the first paint.
 */
export function AppDownloadsIntro({ headingLevel = 'h2' }: { headingLevel?: AppDownloadsHeading }) {
  const qr = showsQrCodes(currentDevice());
  return (
    <>
      <Heading as={headingLevel} id="app-downloads-heading" size={headingLevel === 'h1' ? '3xl' : 'xl'} mb="2">
        {headingLevel === 'h1' ? 'Download apps' : 'Get the apps'}
      </Heading>
      <Text color="fg.muted" mb="4">
        {qr
          ? 'Make and take calls on your phone and computer. Scan a code with your phone, or download the app.'
          : 'Make and take calls on this device with our app.'}
      </Text>
    </>
  );
}
