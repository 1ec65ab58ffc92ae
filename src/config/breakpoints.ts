/** Desktop starts where the spec's mobile breakpoint (959.98 px) ends. */
export const DESKTOP_MIN_WIDTH = 960;
/** Small screens (spec 000 section 9: mobile breakpoint 959.98 px). */
export const MOBILE_MEDIA_QUERY = `(max-width: ${DESKTOP_MIN_WIDTH - 0.02}px)`;
