// The chat feature as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.
/**
 * The chat widget's chunk: the default layout loads it once the navigation data has arrived
 * (spec 000 section 4); its panel is a chunk of its own, loaded when the chat opens.
 */
export const loadChatSupport = () => import('./components/chat-support-host.tsx');
