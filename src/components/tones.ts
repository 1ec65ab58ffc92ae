/** The warning colour: the bell's badge and urgent chips (amber, 5:1 against white text). */
export const WARNING_SOLID = '#b45309';
/** Subtle warning surfaces: text on background is 10:1. */
export const WARNING_SUBTLE = { bg: '#fffbeb', color: '#78350f', borderColor: '#fcd34d' } as const;
