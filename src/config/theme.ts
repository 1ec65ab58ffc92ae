import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  buttonRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  linkRecipe,
  skipNavLinkRecipe,
  spinnerRecipe,
  textStyles,
} from '@chakra-ui/react/theme';

import { DESKTOP_MIN_WIDTH, MOBILE_MEDIA_QUERY } from './breakpoints.ts';
import { keyframes, layerStyles, semanticTokens, tokens } from './theme-tokens.ts';

/**
 * The portal's design system. It starts from Chakra's base config (conditions and style
 * properties only) and adds a trimmed copy of the default tokens (theme-tokens.ts) plus
 * just the recipes the app renders, so unused component styles stay out of the bundle.
 * Add a recipe here when a new Chakra component comes into use; components that are
 * state machines (menu, dialog, toast) cost more than a page, see components/.
 */

const systemFont = `system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"`;

export { DESKTOP_MIN_WIDTH, MOBILE_MEDIA_QUERY };

const config = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss: {
    ...globalCss,
    html: { ...globalCss.html, colorPalette: 'brand' },
    body: { fontFamily: 'body', minHeight: '100dvh' },
  },
  theme: {
    breakpoints: { sm: '480px', md: '768px', lg: `${DESKTOP_MIN_WIDTH}px`, xl: '1280px', '2xl': '1536px' },
    keyframes,
    textStyles,
    layerStyles,
    tokens: {
      ...tokens,
      fonts: {
        heading: { value: systemFont },
        body: { value: systemFont },
        mono: { value: 'SFMono-Regular, Menlo, Monaco, Consolas, "Liberation Mono", "Courier New", monospace' },
      },
      colors: {
        ...tokens.colors,
        // Deep teal: 700 on white is 8.9:1, 600 is 6.7:1, 500 is 4.9:1.
        brand: {
          50: { value: '#eef7f7' },
          100: { value: '#d3ebec' },
          200: { value: '#a7d6d8' },
          300: { value: '#6fb9bd' },
          400: { value: '#3a9aa0' },
          500: { value: '#177d84' },
          600: { value: '#0e666d' },
          700: { value: '#0b5258' },
          800: { value: '#0a4147' },
          900: { value: '#093238' },
          950: { value: '#051e22' },
        },
      },
    },
    semanticTokens: {
      ...semanticTokens,
      colors: {
        ...semanticTokens.colors,
        fg: {
          ...semanticTokens.colors.fg,
          // Chakra's status colours (red.500, green.600) fail WCAG AA as text.
          error: { value: '{colors.red.700}' },
          success: { value: '{colors.green.700}' },
          muted: { value: '{colors.gray.600}' },
        },
        border: {
          ...semanticTokens.colors.border,
          error: { value: '{colors.red.700}' },
        },
        brand: {
          solid: { value: '{colors.brand.700}' },
          contrast: { value: '{colors.white}' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
          border: { value: '{colors.brand.500}' },
        },
      },
    },
    recipes: {
      button: buttonRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      skipNavLink: skipNavLinkRecipe,
      spinner: spinnerRecipe,
    },
  },
});

export const system = createSystem(defaultBaseConfig, config);
