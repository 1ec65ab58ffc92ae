import { useLocation, useParams, useSearchParams } from 'react-router-dom';

import { NotFoundContent } from '../../../components/not-found-content.tsx';
import { CustomFlowEditor, parseCallflowId, type EditorLocationState } from '../../../features/call-flows/index.ts';
import { isInTrialFor, useTrialStatus } from '../../../features/trial/index.ts';
import { parseProductId } from '../../../lib/product-id.ts';

/**
 * The custom call-flow editor (route call-flows-custom-id, ?callflow_id=N; none for a new
 * flow), inside the call-flow editor layout.
 */
export function CallFlowEditorPage() {
  const productId = parseProductId(useParams().id);
  const [search] = useSearchParams();
  const flow = parseCallflowId(search);
  const location = useLocation();
  const trial = useTrialStatus();
  if (productId === null || !flow.ok) return <NotFoundContent loggedIn />;
  // A new flow that got its id moves to its edit URL without starting the editor again.
  const sessionKey =
    (location.state as EditorLocationState | null)?.editorSession ?? `${productId}:${flow.flowId ?? 'new'}`;
  return (
    <CustomFlowEditor
      key={sessionKey}
      sessionKey={sessionKey}
      productId={productId}
      flowId={flow.flowId}
      inTrial={isInTrialFor(trial.data, productId)}
    />
  );
}

export { CallFlowEditorPage as Component };
