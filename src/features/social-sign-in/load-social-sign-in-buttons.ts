/** The social sign-in buttons' chunk (default export): the login and register pages load it beside the form. */
export const loadSocialSignInButtons = () => import('./components/social-sign-in-buttons.tsx');
