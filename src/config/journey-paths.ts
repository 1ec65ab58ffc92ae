import { defineRoute } from './route-path.ts';

/**
 * The spec's routes (000, section 2) that only the on-demand parts of the app use: the
 * sign-in journeys and the guest journeys (sign-up, buy-now, payments, broadband). They
 * live apart from paths.ts because the code every page loads keeps each route of a module
 * it holds that any chunk uses; here, they load with the pages that link to them.
 * @example
 * import * as journeyPaths from '../config/journey-paths.ts';
 * journeyPaths.authRegister.build() // '/auth/register'
 */

/** Where the link confirming a new e-mail address lands (#key={key}); our route, the spec shows none. */
export const profileConfirmEmail = /*#__PURE__*/ defineRoute('/profile-preferences/confirm-email');
export const authLoginGoogle = /*#__PURE__*/ defineRoute('/auth/login/google');
export const authLoginMagicLink = /*#__PURE__*/ defineRoute('/auth/login/magic-link');
export const authLoginMagicLinkSuccess = /*#__PURE__*/ defineRoute('/auth/login/magic-link/success');
export const authLoginSignin = /*#__PURE__*/ defineRoute('/auth/login/signin');
export const authPasswordReset = /*#__PURE__*/ defineRoute('/auth/password_reset');
export const authPasswordResetSuccess = /*#__PURE__*/ defineRoute('/auth/password_reset/success');
export const authPasswordResetConfirm = /*#__PURE__*/ defineRoute('/auth/password_reset/:uid/:token');
export const authPasswordResetConfirmSuccess = /*#__PURE__*/ defineRoute('/auth/password_reset/:uid/:token/success');
export const authRegister = /*#__PURE__*/ defineRoute('/auth/register');
export const authRegisterFacebook = /*#__PURE__*/ defineRoute('/auth/register/facebook');
export const authRegisterGoogle = /*#__PURE__*/ defineRoute('/auth/register/google');
export const authRegisterLinkedin = /*#__PURE__*/ defineRoute('/auth/register/linkedin');
export const authRegisterSsu = /*#__PURE__*/ defineRoute('/auth/register/ssu');
export const authRegisterSuccess = /*#__PURE__*/ defineRoute('/auth/register/success');
export const authRegisterVerify = /*#__PURE__*/ defineRoute('/auth/register/verify/:key');
/** Social sign-in redirect: auth/{page}/{provider}/. */
export const authSocialRedirect = /*#__PURE__*/ defineRoute('/auth/:page/:provider/');
/** Callback of social sign-in. */
export const socialLoginCallback = /*#__PURE__*/ defineRoute('/login');
export const recurringCardPayment = /*#__PURE__*/ defineRoute('/recurring-card-payment/:token');
export const recurringCardPaymentInvalidLink = /*#__PURE__*/ defineRoute('/recurring-card-payment/invalid-link');
export const recurringCardPaymentSetupComplete = /*#__PURE__*/ defineRoute('/recurring-card-payment/setup-complete');
export const mandateEntry = /*#__PURE__*/ defineRoute('/mandate-entry/:token');
export const mandateEntrySuccess = /*#__PURE__*/ defineRoute('/mandate-entry/:token/success');
export const broadbandAvailability = /*#__PURE__*/ defineRoute('/broadband-availability');
export const broadbandAvailabilityResults = /*#__PURE__*/ defineRoute('/broadband-availability/results');
export const broadbandSignup = /*#__PURE__*/ defineRoute('/broadband-signup');
export const broadbandSignupPage = /*#__PURE__*/ defineRoute('/broadband-signup/:page');
export const buynow = /*#__PURE__*/ defineRoute('/buynow');
export const buynowPage = /*#__PURE__*/ defineRoute('/buynow/:page');
export const checkoutRedirect = /*#__PURE__*/ defineRoute('/checkout-redirect');
export const makeAPayment = /*#__PURE__*/ defineRoute('/make-a-payment');
export const makeAPaymentProcess = /*#__PURE__*/ defineRoute('/make-a-payment/process');
export const numberSelect = /*#__PURE__*/ defineRoute('/number-select');
export const onlineSignup = /*#__PURE__*/ defineRoute('/online-signup');
export const onlineSignupPage = /*#__PURE__*/ defineRoute('/online-signup/:page');
export const signup = /*#__PURE__*/ defineRoute('/signup');
export const signupPage = /*#__PURE__*/ defineRoute('/signup/:page');
export const signupVoip3 = /*#__PURE__*/ defineRoute('/signup-voip3');
export const signupVoip3Page = /*#__PURE__*/ defineRoute('/signup-voip3/:page');
export const signupVoip3B = /*#__PURE__*/ defineRoute('/signup-voip3-b');
export const signupVoip3BPage = /*#__PURE__*/ defineRoute('/signup-voip3-b/:page');
export const trial = /*#__PURE__*/ defineRoute('/trial');
export const trialPage = /*#__PURE__*/ defineRoute('/trial/:page');
export const verifyMobileNumber = /*#__PURE__*/ defineRoute('/verify-mobile-number');
export const welcome = /*#__PURE__*/ defineRoute('/welcome');
export const welcomePage = /*#__PURE__*/ defineRoute('/welcome/:page');
/** The welcome journey's one page (spec 000 section 2: "welcome: welcome"). */
export const WELCOME_FIRST_PAGE = 'welcome';
/** Redirects to the welcome page (spec 000, route rules). */
export const phoneWelcome = /*#__PURE__*/ defineRoute('/phone/welcome');
export const referrals = /*#__PURE__*/ defineRoute('/referrals');

/**
 * The caller's journey page of a custom call flow (our route, the spec has none), in the default layout.
 * @example callFlowJourney.build({ id: 12, flow: '5' }) // '/call-flows/12/journey/5'
 */
export const callFlowJourney = /*#__PURE__*/ defineRoute('/call-flows/:id/journey/:flow');
