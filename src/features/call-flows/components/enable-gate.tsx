import { Button, chakra, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import type { AdvancedCallFlowAddOn } from '@portal/contract';

import { Dialog } from '../../../components/dialog.tsx';
import { toaster } from '../../../components/toaster.tsx';
import * as paths from '../../../config/paths.ts';
import { AddOnDialog } from './add-on-dialog.tsx';

/** What is to be enabled, and how. */
export interface EnableRequest {
  flowName: string;
  /** The flow active now, named in the confirmation. */
  replacing: string | null;
  /** From the editor bar ("Save & Enable"), or from the flows list ("Enable"). */
  kind: 'save-and-enable' | 'enable';
  /**
   * What enabling changes for callers, against the flow active now (editor-core's diffFlows, in words); shown
   * inside the dialogs, never instead of them. Absent when nothing is compared (no custom flow is active).
   */
  changes?: { against: string; texts: string[] } | null;
  /** Saves and enables, or enables; called once every dialog agreed. */
  run: () => void;
}

type Step = 'trial' | 'add-on' | 'enable' | 'confirm';

export const gateTexts = {
  trialTitle: 'Upgrade to enable custom call flows',
  upgrade: 'Upgrade now',
  notNow: 'Not now',
  enableTitle: (name: string) => `Enable ${name}?`,
  enable: 'Enable call flow',
  confirmTitle: (name: string) => `Save and enable ${name}?`,
  confirm: 'Save and enable',
} as const;

interface GateOptions {
  productId: number;
  inTrial: boolean;
  /** The add-on, once loaded. */
  addOn: AdvancedCallFlowAddOn | undefined;
}

/**
 * The way to enabling a custom call flow (spec 000 section 4, "Save & Enable"): in a trial
 * a trial-specific dialog; otherwise, without the advanced call flows add-on, the add-on
 * dialog and then an enable dialog; with it, a confirmation (which the flows list skips).
 */
export function useEnableGate({ productId, inTrial, addOn }: GateOptions): {
  request: (request: EnableRequest, options?: { confirm?: boolean }) => void;
  dialogs: ReactNode;
} {
  const [current, setCurrent] = useState<{ step: Step; request: EnableRequest } | null>(null);
  const close = () => setCurrent(null);

  const request = (next: EnableRequest, { confirm = true }: { confirm?: boolean } = {}) => {
    if (inTrial) setCurrent({ step: 'trial', request: next });
    else if (!addOn)
      toaster.create({
        type: 'error',
        title: 'Your add-ons could not be checked',
        description: 'Please reload the page and try again.',
      });
    else if (!addOn.enabled) setCurrent({ step: 'add-on', request: next });
    else if (confirm) setCurrent({ step: 'confirm', request: next });
    else next.run();
  };

  const proceed = () => {
    const run = current?.request.run;
    close();
    run?.();
  };

  const step = current?.step;
  const req = current?.request;
  const replacing =
    req?.replacing && req.replacing !== req.flowName ? ` It replaces ${req.replacing} as your active call flow.` : '';

  const difference = req?.changes ? <ChangeList changes={req.changes} /> : null;

  const dialogs = (
    <>
      <Dialog
        open={step === 'trial'}
        onClose={close}
        title={gateTexts.trialTitle}
        footer={
          <>
            <Button variant="outline" colorPalette="gray" onClick={close}>
              {gateTexts.notNow}
            </Button>
            <Button asChild colorPalette="brand" type={undefined}>
              <RouterLink to={paths.upgrade.build({ id: productId })}>{gateTexts.upgrade}</RouterLink>
            </Button>
          </>
        }
      >
        <Text mb="3">You are on a free trial. You can build, test and save custom call flows now.</Text>
        <Text>
          Custom call flows can be enabled once you upgrade your account. Until then, calls follow your current call
          flow.
        </Text>
        {difference}
      </Dialog>

      {addOn && (
        <AddOnDialog
          open={step === 'add-on'}
          productId={productId}
          addOn={addOn}
          onClose={close}
          onAdded={() => setCurrent((c) => (c ? { ...c, step: 'enable' } : c))}
        />
      )}

      <Dialog
        open={step === 'enable'}
        onClose={close}
        title={gateTexts.enableTitle(req?.flowName ?? '')}
        footer={
          <>
            <Button variant="outline" colorPalette="gray" onClick={close}>
              {gateTexts.notNow}
            </Button>
            <Button colorPalette="brand" onClick={proceed}>
              {gateTexts.enable}
            </Button>
          </>
        }
      >
        <Text>
          The add-on is ready.{' '}
          {req?.kind === 'save-and-enable'
            ? 'Save this call flow and make it active now?'
            : 'Make this call flow active now?'}
          {replacing}
        </Text>
        {difference}
      </Dialog>

      <Dialog
        open={step === 'confirm'}
        onClose={close}
        title={
          req?.kind === 'enable' ? gateTexts.enableTitle(req.flowName) : gateTexts.confirmTitle(req?.flowName ?? '')
        }
        footer={
          <>
            <Button variant="outline" colorPalette="gray" onClick={close}>
              Cancel
            </Button>
            <Button colorPalette="brand" onClick={proceed}>
              {req?.kind === 'enable' ? gateTexts.enable : gateTexts.confirm}
            </Button>
          </>
        }
      >
        <Text>
          {req?.kind === 'enable'
            ? 'Calls will follow this call flow from now on.'
            : 'Your changes will be saved and calls will follow this call flow from now on.'}
          {replacing}
        </Text>
        {difference}
      </Dialog>
    </>
  );

  return { request, dialogs };
}

/** The difference against the active flow, in the words of the versions panel. */
function ChangeList({ changes }: { changes: { against: string; texts: string[] } }) {
  const label = `What changes for callers compared with ${changes.against}`;
  if (changes.texts.length === 0)
    return <Text mt="3">No differences for callers compared with {changes.against}.</Text>;
  return (
    <>
      <Text mt="3" fontWeight="semibold">
        {label}:
      </Text>
      <chakra.ul aria-label={label} ps="5" listStyleType="disc" maxH="12rem" overflowY="auto">
        {changes.texts.map((text, index) => (
          <li key={index}>{text}</li>
        ))}
      </chakra.ul>
    </>
  );
}
