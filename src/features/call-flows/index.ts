// The call-flows feature as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.
export { advancedCallFlowAddOnQueryOptions, useAdvancedCallFlowAddOn } from './api/get-advanced-call-flow-add-on.ts';
export { callFlowQueryOptions } from './api/get-call-flow.ts';
export { simpleCallFlowQueryOptions } from './api/get-simple-call-flow.ts';
export { siteNumbersQueryOptions } from './api/get-site-numbers.ts';
export { siteQueryOptions } from './api/get-site.ts';
export { audioFilesQueryOptions } from './api/list-audio-files.ts';
export { callFlowListQueryOptions } from './api/list-call-flows.ts';
export { AddOnDialog } from './components/add-on-dialog.tsx';
export { ActiveCallFlow } from './components/active-call-flow.tsx';
export { CustomFlowEditor, type EditorLocationState } from './components/custom-flow-editor.tsx';
export { CustomFlowList } from './components/custom-flow-list.tsx';
export { useEnableGate } from './components/enable-gate.tsx';
export { SimpleCallFlowSection } from './components/simple-call-flow-editor.tsx';
export { draftKey } from './logic/draft-storage.ts';
export { parseCallflowId } from './logic/route-params.ts';
export { CallerJourneyPage } from './components/caller-journey-page.tsx';
export { describeTestCallOutcome } from './canvas/test-call.ts';
