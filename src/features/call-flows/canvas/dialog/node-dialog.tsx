/** The dialog of a step, by type; it edits a snapshot of the node taken when it opens. */
import { useState } from 'react';
import type { ComponentType } from 'react';

import type { FlowNode, NodeType } from '@portal/editor-core';

import { useCanvas } from '../canvas-context.ts';
import { nodeIndex } from '../graph.ts';
import { BusinessHoursForm } from './business-hours-form.tsx';
import { AudioForm, DivertForm, KeyForm, MainNumberForm, NameOnlyForm, VoicemailForm } from './simple-forms.tsx';
import type { StepFormProps } from './step-dialog.tsx';
import { TransferForm } from './transfer-form.tsx';

const FORMS: Readonly<Record<NodeType, ComponentType<StepFormProps>>> = {
  main_number: MainNumberForm,
  business_hours: BusinessHoursForm,
  in_hours: NameOnlyForm,
  out_of_hours: NameOnlyForm,
  transfer: TransferForm,
  divert_to_external: DivertForm,
  voicemail: VoicemailForm,
  play_audio: AudioForm,
  dial_menu: AudioForm,
  dial_menu_key: KeyForm,
  repeat_menu: NameOnlyForm,
};

export function NodeDialog({ nodeId }: { nodeId: string }) {
  const { store, ui, actions } = useCanvas();
  const [node] = useState<FlowNode | undefined>(() => nodeIndex(store.getState().flow.data).get(nodeId)?.node);
  const close = () => {
    ui.setState({ dialogNodeId: null });
    actions.focusNode(nodeId);
  };
  if (!node) return null;
  const Form = FORMS[node.type];
  return <Form node={node} onClose={close} />;
}
