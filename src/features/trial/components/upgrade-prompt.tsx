import { Button, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { Dialog } from '../../../components/dialog.tsx';
import * as paths from '../../../config/paths.ts';
import { setUpgradeTrigger, trialStatusQueryOptions } from '../api/get-trial-status.ts';
import { upgradePromptShown } from '../api/upgrade-prompt-shown.ts';
import { upgradePromptText } from '../rules.ts';

/**
 * The trial's upgrade prompt (spec 000 section 4, spec 001 section 4): a dialog with the upgrade's offer,
 * shown once per trial at least an hour after status_entry. The server is told as it opens
 * (POST .../upgrade-prompt-shown/), so it never shows again, on any device; "Not now" or Escape closes it,
 * "See upgrade options" goes to the upgrade page. A chunk of its own, loaded only when it is due.
 */
export default function UpgradePrompt({ productId }: { productId: number }) {
  const [open, setOpen] = useState(true);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    const controller = new AbortController();
    upgradePromptShown(productId, controller.signal)
      .then((status) => queryClient.setQueryData(trialStatusQueryOptions().queryKey, status))
      // Not remembered (offline, a server error): it may show once more next time, which is all that goes wrong.
      .catch(() => undefined);
    return () => controller.abort();
  }, [productId, queryClient]);

  const upgrade = () => {
    setUpgradeTrigger('upgrade-banner');
    setOpen(false);
    void navigate(paths.upgrade.build({ id: productId }));
  };

  return (
    <Dialog
      open={open}
      onClose={() => setOpen(false)}
      title={upgradePromptText.title}
      footer={
        <>
          <Button variant="outline" onClick={() => setOpen(false)}>
            {upgradePromptText.dismiss}
          </Button>
          <Button colorPalette="brand" onClick={upgrade}>
            {upgradePromptText.upgrade}
          </Button>
        </>
      }
    >
      <Text>{upgradePromptText.offer}</Text>
    </Dialog>
  );
}
