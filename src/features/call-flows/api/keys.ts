/**
 * Query keys of the call-flow area, in one place so every query, loader and mutation
 * names the same data the same way. Everything of one product sits under
 * `['call-flows', productId]`, so invalidating that prefix refreshes the whole area.
 */
export const callFlowKeys = {
  product: (productId: number) => ['call-flows', productId] as const,
  list: (productId: number) => ['call-flows', productId, 'list'] as const,
  flow: (productId: number, flowId: string) => ['call-flows', productId, 'flow', flowId] as const,
  versions: (productId: number, flowId: string) => ['call-flows', productId, 'flow', flowId, 'versions'] as const,
  version: (productId: number, flowId: string, number: number) =>
    ['call-flows', productId, 'flow', flowId, 'versions', number] as const,
  simple: (productId: number) => ['call-flows', productId, 'simple'] as const,
  site: (productId: number) => ['call-flows', productId, 'site'] as const,
  siteNumbers: (productId: number) => ['call-flows', productId, 'site-numbers'] as const,
  audioFiles: (productId: number) => ['call-flows', productId, 'audio-files'] as const,
  audioFile: (productId: number, storedFilename: string) =>
    ['call-flows', productId, 'audio-files', 'file', storedFilename] as const,
  holidays: (productId: number) => ['call-flows', productId, 'holidays'] as const,
  addOn: (productId: number) => ['call-flows', productId, 'advanced-call-flow-add-on'] as const,
  ukNumber: (number: string) => ['tools', 'is-uk-phone-number', number] as const,
};
