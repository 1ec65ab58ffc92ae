import { Box, Button, chakra, Flex, Heading, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';

import { showsQrCodes } from '../device.ts';
import { downloadsFor } from '../rules.ts';
import { AppDownloadsIntro, currentDevice, type AppDownloadsHeading } from './app-downloads-intro.tsx';

const AppQrCode = lazy(() => import('./app-qr-code.tsx'));
/** A QR code's room (160 px code, 12 px padding each side), kept while its chunk loads. */
const QR_CODE_BOX = '184px';

/**
 * The app download block (spec 000 section 2): on a computer, a QR code and a link for each
 * of Android, iOS, Windows and Mac; on a phone or tablet, only the link for its own platform.
 * The QR codes load in a chunk of their own (app-qr-code.tsx), which a phone never asks for.
 */
export function AppDownloads({ headingLevel = 'h2' }: { headingLevel?: AppDownloadsHeading }) {
  return (
    <Box as="section" aria-labelledby="app-downloads-heading">
      <AppDownloadsIntro headingLevel={headingLevel} />
      <AppDownloadList headingLevel={headingLevel} />
    </Box>
  );
}

/** The block's list of apps, under its heading and words (AppDownloadsIntro). */
export function AppDownloadList({ headingLevel = 'h2' }: { headingLevel?: AppDownloadsHeading }) {
  const [device] = useState(currentDevice);
  const downloads = downloadsFor(device);
  const qr = showsQrCodes(device);
  return (
    <chakra.ul
      listStyle="none"
      display="grid"
      gap="3"
      gridTemplateColumns={{ base: '1fr', sm: 'repeat(auto-fill, minmax(220px, 1fr))' }}
    >
      {downloads.map((download) => (
        <Flex
          as="li"
          key={download.platform}
          direction="column"
          align="center"
          gap="3"
          borderWidth="1px"
          rounded="lg"
          bg="bg"
          p="4"
          textAlign="center"
        >
          <Heading as={headingLevel === 'h1' ? 'h2' : 'h3'} size="md">
            {download.name}
          </Heading>
          {qr && (
            <Suspense fallback={<Box boxSize={QR_CODE_BOX} bg="white" rounded="md" aria-hidden="true" />}>
              <AppQrCode url={download.url} action={download.action} />
            </Suspense>
          )}
          {download.version && (
            <Text fontSize="sm" color="fg.muted">
              Version {download.version}
            </Text>
          )}
          <Button asChild colorPalette="brand" variant="outline" size="sm" type={undefined}>
            <a href={download.url} target="_blank" rel="noopener noreferrer">
              {download.action}
              <chakra.span srOnly> (opens in a new tab)</chakra.span>
            </a>
          </Button>
        </Flex>
      ))}
    </chakra.ul>
  );
}
