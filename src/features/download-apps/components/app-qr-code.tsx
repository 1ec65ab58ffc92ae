import { QrCode } from '@chakra-ui/react';
import { qrCodeSlotRecipe } from '@chakra-ui/react/theme';

/**
 * A download's QR code, drawn by Chakra's QrCode (zag-js), whose recipe is passed here rather than put in
 * the theme: 184 px square with its padding (app-downloads.tsx keeps that room while it loads). A chunk of
 * its own: only a computer shows the codes, so a phone never loads the encoder.
 */
export default function AppQrCode({ url, action }: { url: string; action: string }) {
  return (
    <QrCode.Root
      recipe={qrCodeSlotRecipe}
      value={url}
      size="lg"
      encoding={{ ecc: 'M' }}
      bg="white"
      color="black"
      p="3"
      rounded="md"
    >
      <QrCode.Frame role="img" aria-label={`QR code: ${action}`}>
        <QrCode.Pattern />
      </QrCode.Frame>
    </QrCode.Root>
  );
}
