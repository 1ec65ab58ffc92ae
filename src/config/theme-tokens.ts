// Copied from @chakra-ui/react 3.37.0's default theme tokens, trimmed to what the
// portal uses: the gray, red and green scales (only gray, and brand in theme.ts, have
// colorPalette semantic tokens), light-mode semantic values only (the portal has no
// dark mode), and the spin keyframes. Importing Chakra's own `tokens` object pulls
// every recipe into the bundle. To add a palette or token, copy it from
// node_modules/@chakra-ui/react/dist/esm/theme/.

export const tokens = {
  animations: {
    spin: { value: 'spin 1s linear infinite' }
  },
  borders: {
    xs: { value: '0.5px solid' },
    sm: { value: '1px solid' },
    md: { value: '2px solid' },
    lg: { value: '4px solid' },
    xl: { value: '8px solid' }
  },
  colors: {
    transparent: { value: 'transparent' },
    current: { value: 'currentColor' },
    black: { value: '#09090B' },
    white: { value: '#FFFFFF' },
    // Only the shades the portal uses (dialog and drawer backdrops).
    blackAlpha: {
      '500': { value: 'rgba(0, 0, 0, 0.36)' },
      '600': { value: 'rgba(0, 0, 0, 0.48)' }
    },
    gray: {
      '50': { value: '#fafafa' },
      '100': { value: '#f4f4f5' },
      '200': { value: '#e4e4e7' },
      '300': { value: '#d4d4d8' },
      '400': { value: '#a1a1aa' },
      '500': { value: '#71717a' },
      '600': { value: '#52525b' },
      '700': { value: '#3f3f46' },
      '800': { value: '#27272a' },
      '900': { value: '#18181b' },
      '950': { value: '#111111' }
    },
    red: {
      '50': { value: '#fef2f2' },
      '100': { value: '#fee2e2' },
      '200': { value: '#fecaca' },
      '300': { value: '#fca5a5' },
      '400': { value: '#f87171' },
      '500': { value: '#ef4444' },
      '600': { value: '#dc2626' },
      '700': { value: '#991919' },
      '800': { value: '#511111' },
      '900': { value: '#300c0c' },
      '950': { value: '#1f0808' }
    },
    green: {
      '50': { value: '#f0fdf4' },
      '100': { value: '#dcfce7' },
      '200': { value: '#bbf7d0' },
      '300': { value: '#86efac' },
      '400': { value: '#4ade80' },
      '500': { value: '#22c55e' },
      '600': { value: '#16a34a' },
      '700': { value: '#116932' },
      '800': { value: '#124a28' },
      '900': { value: '#042713' },
      '950': { value: '#03190c' }
    }
  },
  cursor: {
    button: { value: 'pointer' },
    checkbox: { value: 'default' },
    disabled: { value: 'not-allowed' },
    menuitem: { value: 'default' },
    option: { value: 'default' },
    radio: { value: 'default' },
    slider: { value: 'default' },
    switch: { value: 'pointer' }
  },
  durations: {
    fastest: { value: '50ms' },
    faster: { value: '100ms' },
    fast: { value: '150ms' },
    moderate: { value: '200ms' },
    slow: { value: '300ms' },
    slower: { value: '400ms' },
    slowest: { value: '500ms' }
  },
  easings: {
    'ease-in': { value: 'cubic-bezier(0.42, 0, 1, 1)' },
    'ease-out': { value: 'cubic-bezier(0, 0, 0.58, 1)' },
    'ease-in-out': { value: 'cubic-bezier(0.42, 0, 0.58, 1)' },
    'ease-in-smooth': { value: 'cubic-bezier(0.32, 0.72, 0, 1)' }
  },
  fontSizes: {
    '2xs': { value: '0.625rem' },
    xs: { value: '0.75rem' },
    sm: { value: '0.875rem' },
    md: { value: '1rem' },
    lg: { value: '1.125rem' },
    xl: { value: '1.25rem' },
    '2xl': { value: '1.5rem' },
    '3xl': { value: '1.875rem' },
    '4xl': { value: '2.25rem' },
    '5xl': { value: '3rem' },
    '6xl': { value: '3.75rem' },
    '7xl': { value: '4.5rem' }
  },
  fontWeights: {
    thin: { value: '100' },
    extralight: { value: '200' },
    light: { value: '300' },
    normal: { value: '400' },
    medium: { value: '500' },
    semibold: { value: '600' },
    bold: { value: '700' },
    extrabold: { value: '800' },
    black: { value: '900' }
  },
  letterSpacings: {
    tighter: { value: '-0.05em' },
    tight: { value: '-0.025em' },
    wide: { value: '0.025em' },
    wider: { value: '0.05em' },
    widest: { value: '0.1em' }
  },
  lineHeights: {
    shorter: {
      value: 1.25
    },
    short: {
      value: 1.375
    },
    moderate: {
      value: 1.5
    },
    tall: {
      value: 1.625
    },
    taller: {
      value: 2
    }
  },
  radii: {
    none: { value: '0' },
    '2xs': { value: '0.0625rem' },
    xs: { value: '0.125rem' },
    sm: { value: '0.25rem' },
    md: { value: '0.375rem' },
    lg: { value: '0.5rem' },
    xl: { value: '0.75rem' },
    '2xl': { value: '1rem' },
    '3xl': { value: '1.5rem' },
    '4xl': { value: '2rem' },
    full: { value: '9999px' }
  },
  spacing: {
    '1': { value: '0.25rem' },
    '2': { value: '0.5rem' },
    '3': { value: '0.75rem' },
    '4': { value: '1rem' },
    '5': { value: '1.25rem' },
    '6': { value: '1.5rem' },
    '7': { value: '1.75rem' },
    '8': { value: '2rem' },
    '9': { value: '2.25rem' },
    '10': { value: '2.5rem' },
    '11': { value: '2.75rem' },
    '12': { value: '3rem' },
    '14': { value: '3.5rem' },
    '16': { value: '4rem' },
    '20': { value: '5rem' },
    '24': { value: '6rem' },
    '28': { value: '7rem' },
    '32': { value: '8rem' },
    '36': { value: '9rem' },
    '40': { value: '10rem' },
    '44': { value: '11rem' },
    '48': { value: '12rem' },
    '52': { value: '13rem' },
    '56': { value: '14rem' },
    '60': { value: '15rem' },
    '64': { value: '16rem' },
    '72': { value: '18rem' },
    '80': { value: '20rem' },
    '96': { value: '24rem' },
    '0.5': { value: '0.125rem' },
    '1.5': { value: '0.375rem' },
    '2.5': { value: '0.625rem' },
    '3.5': { value: '0.875rem' },
    '4.5': { value: '1.125rem' }
  },
  sizes: {
    '1': { value: '0.25rem' },
    '2': { value: '0.5rem' },
    '3': { value: '0.75rem' },
    '4': { value: '1rem' },
    '5': { value: '1.25rem' },
    '6': { value: '1.5rem' },
    '7': { value: '1.75rem' },
    '8': { value: '2rem' },
    '9': { value: '2.25rem' },
    '10': { value: '2.5rem' },
    '11': { value: '2.75rem' },
    '12': { value: '3rem' },
    '14': { value: '3.5rem' },
    '16': { value: '4rem' },
    '20': { value: '5rem' },
    '24': { value: '6rem' },
    '28': { value: '7rem' },
    '32': { value: '8rem' },
    '36': { value: '9rem' },
    '40': { value: '10rem' },
    '44': { value: '11rem' },
    '48': { value: '12rem' },
    '52': { value: '13rem' },
    '56': { value: '14rem' },
    '60': { value: '15rem' },
    '64': { value: '16rem' },
    '72': { value: '18rem' },
    '80': { value: '20rem' },
    '96': { value: '24rem' },
    '3xs': { value: '14rem' },
    '2xs': { value: '16rem' },
    xs: { value: '20rem' },
    sm: { value: '24rem' },
    md: { value: '28rem' },
    lg: { value: '32rem' },
    xl: { value: '36rem' },
    '2xl': { value: '42rem' },
    '3xl': { value: '48rem' },
    '4xl': { value: '56rem' },
    '5xl': { value: '64rem' },
    '6xl': { value: '72rem' },
    '7xl': { value: '80rem' },
    '8xl': { value: '90rem' },
    '0.5': { value: '0.125rem' },
    '1.5': { value: '0.375rem' },
    '2.5': { value: '0.625rem' },
    '3.5': { value: '0.875rem' },
    '4.5': { value: '1.125rem' },
    '1/2': { value: '50%' },
    '1/3': { value: '33.333333%' },
    '2/3': { value: '66.666667%' },
    '1/4': { value: '25%' },
    '3/4': { value: '75%' },
    '1/5': { value: '20%' },
    '2/5': { value: '40%' },
    '3/5': { value: '60%' },
    '4/5': { value: '80%' },
    '1/6': { value: '16.666667%' },
    '2/6': { value: '33.333333%' },
    '3/6': { value: '50%' },
    '4/6': { value: '66.666667%' },
    '5/6': { value: '83.333333%' },
    '1/12': { value: '8.333333%' },
    '2/12': { value: '16.666667%' },
    '3/12': { value: '25%' },
    '4/12': { value: '33.333333%' },
    '5/12': { value: '41.666667%' },
    '6/12': { value: '50%' },
    '7/12': { value: '58.333333%' },
    '8/12': { value: '66.666667%' },
    '9/12': { value: '75%' },
    '10/12': { value: '83.333333%' },
    '11/12': { value: '91.666667%' },
    max: { value: 'max-content' },
    min: { value: 'min-content' },
    fit: { value: 'fit-content' },
    prose: { value: '60ch' },
    full: { value: '100%' },
    dvh: { value: '100dvh' },
    svh: { value: '100svh' },
    lvh: { value: '100lvh' },
    dvw: { value: '100dvw' },
    svw: { value: '100svw' },
    lvw: { value: '100lvw' },
    vw: { value: '100vw' },
    vh: { value: '100vh' }
  },
  zIndex: {
    hide: {
      value: -1
    },
    base: {
      value: 0
    },
    docked: {
      value: 10
    },
    dropdown: {
      value: 1000
    },
    sticky: {
      value: 1100
    },
    banner: {
      value: 1200
    },
    overlay: {
      value: 1300
    },
    modal: {
      value: 1400
    },
    popover: {
      value: 1500
    },
    skipNav: {
      value: 1600
    },
    toast: {
      value: 1700
    },
    tooltip: {
      value: 1800
    },
    max: {
      value: 2147483647
    }
  }
} as const;

export const semanticTokens = {
  colors: {
    bg: {
      DEFAULT: { value: '{colors.white}' },
      subtle: { value: '{colors.gray.50}' },
      muted: { value: '{colors.gray.100}' },
      emphasized: { value: '{colors.gray.200}' },
      inverted: { value: '{colors.black}' },
      panel: { value: '{colors.white}' },
      error: { value: '{colors.red.50}' },
      success: { value: '{colors.green.50}' }
    },
    fg: {
      DEFAULT: { value: '{colors.black}' },
      muted: { value: '{colors.gray.600}' },
      subtle: { value: '{colors.gray.400}' },
      inverted: { value: '{colors.gray.50}' },
      error: { value: '{colors.red.500}' },
      success: { value: '{colors.green.600}' }
    },
    border: {
      DEFAULT: { value: '{colors.gray.200}' },
      muted: { value: '{colors.gray.100}' },
      subtle: { value: '{colors.gray.50}' },
      emphasized: { value: '{colors.gray.300}' },
      inverted: { value: '{colors.gray.800}' },
      error: { value: '{colors.red.500}' },
      success: { value: '{colors.green.500}' }
    },
    gray: {
      contrast: { value: '{colors.white}' },
      fg: { value: '{colors.gray.800}' },
      subtle: { value: '{colors.gray.100}' },
      muted: { value: '{colors.gray.200}' },
      emphasized: { value: '{colors.gray.300}' },
      solid: { value: '{colors.gray.900}' },
      focusRing: { value: '{colors.gray.400}' },
      border: { value: '{colors.gray.200}' }
    }
  },
  shadows: {
    xs: { value: '0px 1px 2px {colors.gray.900/10}, 0px 0px 1px {colors.gray.900/20}' },
    sm: { value: '0px 2px 4px {colors.gray.900/10}, 0px 0px 1px {colors.gray.900/30}' },
    md: { value: '0px 4px 8px {colors.gray.900/10}, 0px 0px 1px {colors.gray.900/30}' },
    lg: { value: '0px 8px 16px {colors.gray.900/10}, 0px 0px 1px {colors.gray.900/30}' },
    xl: { value: '0px 16px 24px {colors.gray.900/10}, 0px 0px 1px {colors.gray.900/30}' },
    '2xl': { value: '0px 24px 40px {colors.gray.900/16}, 0px 0px 1px {colors.gray.900/30}' },
    inner: { value: 'inset 0 2px 4px 0 {black/5}' },
    inset: { value: 'inset 0 0 0 1px {black/5}' }
  },
  radii: {
    l1: { value: '{radii.xs}' },
    l2: { value: '{radii.sm}' },
    l3: { value: '{radii.md}' }
  }
} as const;

export const keyframes = {
  spin: {
    '0%': {
      transform: 'rotate(0deg)'
    },
    '100%': {
      transform: 'rotate(360deg)'
    }
  }
} as const;

export const layerStyles = {
  disabled: {
    value: {
      opacity: '0.5',
      cursor: 'not-allowed'
    }
  }
} as const;
