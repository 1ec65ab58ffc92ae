/** The external help site Help opens in a new tab (the spec withholds its address). */
export const HELP_SITE_URL = 'https://help.portal.example/';
