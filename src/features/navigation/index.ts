// The navigation feature as the app and the other features see it: they import nothing else from this folder
// (eslint: import-x/no-restricted-paths). Export here what they need.
export { navigationQueryOptions, useNavigationProducts } from './api/get-navigation.ts';
export { CHAT_STATE_KEY, openChatSupport, registerChatWidget, resetChatSupport } from './chat-support.ts';
export { ProductList } from './components/product-list.tsx';
export { loadProductSwitcher } from './load-product-switcher.ts';
export { productKindLabels } from './product-labels.ts';
export {
  detailsRoutes,
  hasProductPages,
  showsCallHistory,
  lockedUserProducts,
  NAV_SCROLL_RULE,
  PRODUCT_SWITCHER_HEIGHT,
  type NavItem,
  routeAt,
  selectedProduct,
  selectionAfterRoute,
  sideNavModel,
} from './rules.ts';
export { getSelectedProductId, setSelectedProductId, useSelectedProductId } from './selection.ts';
export { startUpDecision } from './startup.ts';
