// The simple call flow's defaults live in the contract, shared with the SPA.
export { defaultSimpleCallFlowData, SIMPLE_CALL_FLOW_NAME } from '@portal/contract';
