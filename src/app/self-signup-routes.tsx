import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';

import * as journeyPaths from '../config/journey-paths.ts';
import {
  currentDraft,
  mayShowSection,
  ONLINE_SIGNUP_PAGES,
  readStoredDraft,
  selfSignupRedirect,
  VARIANT_SUPPLIER,
  type SignupSection,
  type SignupVariant,
} from '../features/self-signup/index.ts';
import { guestOnlyLoader } from './guards.ts';

const page = async () => import('./routes/self-signup.tsx');
const VARIANTS: ReadonlyArray<{
  variant: SignupVariant;
  bare: { name: string; pattern: string };
  paged: { name: string; pattern: string };
}> = [
  { variant: 'signup', bare: journeyPaths.signup, paged: journeyPaths.signupPage },
  { variant: 'signup-voip3', bare: journeyPaths.signupVoip3, paged: journeyPaths.signupVoip3Page },
  { variant: 'signup-voip3-b', bare: journeyPaths.signupVoip3B, paged: journeyPaths.signupVoip3BPage },
];
const FIRST_SECTION: SignupSection = 'needs';
const ONLINE_FIRST_PAGE = 'number';

const searchOf = (request: Request) => new URL(request.url).search;

/** The sign-up flags of the environment (GET /api/v1/signup/settings/); null when they cannot be read (the pages then show). */
const signupSettings = async () => {
  const { getSignupSettings } = await import('../features/signup/index.ts');
  return getSignupSettings().catch(() => null);
};

/**
 * The self sign-up, online sign-up, verify-mobile and referral routes, in
 * the sign-up frame. Route guards (spec 000 section 2): a signed-in visitor on a sign-up page
 * goes home; a signed-out one on a page the draft has not reached goes to the journey's first
 * page. /verify-mobile-number (a texted link) and /referrals work signed in or not.
 */
export function selfSignupRoutes(queryClient: QueryClient): RouteObject[] {
  const guestOnly = (args: LoaderFunctionArgs) => guestOnlyLoader(queryClient)(args);
  return [
    ...VARIANTS.flatMap(({ variant, bare, paged }): RouteObject[] => [
      {
        id: bare.name,
        path: bare.pattern,
        loader: async (args) => {
          await guestOnly(args);
          const to =
            selfSignupRedirect(variant, undefined, null, await signupSettings()) ?? `/${variant}/${FIRST_SECTION}`;
          return redirect(`${to}${searchOf(args.request)}`);
        },
      },
      {
        id: paged.name,
        path: paged.pattern,
        loader: async (args) => {
          await guestOnly(args);
          const to = selfSignupRedirect(
            variant,
            args.params.page,
            currentDraft(VARIANT_SUPPLIER[variant]),
            await signupSettings(),
          );
          return to ? redirect(`${to}${searchOf(args.request)}`) : null;
        },
        lazy: async () => {
          const { SelfSignupRoute } = await page();
          return { Component: () => <SelfSignupRoute variant={variant} /> };
        },
      },
    ]),
    {
      id: journeyPaths.onlineSignup.name,
      path: journeyPaths.onlineSignup.pattern,
      loader: async (args) => {
        await guestOnly(args);
        return redirect(`/online-signup/${ONLINE_FIRST_PAGE}${searchOf(args.request)}`);
      },
    },
    {
      id: journeyPaths.onlineSignupPage.name,
      path: journeyPaths.onlineSignupPage.pattern,
      loader: async (args) => {
        await guestOnly(args);
        const name = args.params.page ?? '';
        const known = (ONLINE_SIGNUP_PAGES as readonly string[]).includes(name);
        // Marketing comes after the e-mail is confirmed; the trial page (the link's) is always open.
        if (!known || (name === 'marketing' && !readStoredDraft()?.verifyKey))
          return redirect(`/online-signup/${ONLINE_FIRST_PAGE}${searchOf(args.request)}`);
        return null;
      },
      lazy: async () => ({ Component: (await page()).OnlineSignupRoute }),
    },
    {
      id: journeyPaths.verifyMobileNumber.name,
      path: journeyPaths.verifyMobileNumber.pattern,
      lazy: async () => ({ Component: (await page()).VerifyMobileRoute }),
    },
    {
      id: journeyPaths.referrals.name,
      path: journeyPaths.referrals.pattern,
      lazy: async () => ({ Component: (await page()).ReferralsRoute }),
    },
  ];
}

/**
 * /number-select (spec 000: a signed token of scope customer-number-selection, else home), guest-only, in its
 * own frame. Its page shares the sign-up pages' route module: one more dynamic import in the route table
 * would cost the home page's bundle the list of its chunks.
 */
export function numberSelectRoute(queryClient: QueryClient): RouteObject {
  return {
    id: journeyPaths.numberSelect.name,
    path: journeyPaths.numberSelect.pattern,
    loader: async (args) => {
      await guestOnlyLoader(queryClient)(args);
      return new URL(args.request.url).searchParams.get('token') ? null : redirect('/');
    },
    lazy: async () => ({ Component: (await page()).NumberSelectRoute }),
  };
}

/**
 * /auth/register/ssu (spec 001 section 7, the self sign-up's social redirect path): the details step's "Sign up with
 * Google". Outside the sign-up frame, as the other social redirect pages are. With a draft that has reached its
 * details and holds the business name and mobile, it leaves for Google with a state for the self sign-up, and
 * comes back to the details page (`?next=`, one of the journeys' details pages); otherwise back to the journey.
 */
export function ssuGoogleRoute(queryClient: QueryClient): RouteObject {
  return {
    id: journeyPaths.authRegisterSsu.name,
    path: journeyPaths.authRegisterSsu.pattern,
    loader: async (args) => {
      await guestOnlyLoader(queryClient)(args);
      const next = new URL(args.request.url).searchParams.get('next');
      const { variant } = VARIANTS.find((entry) => next === `/${entry.variant}/details`) ?? VARIANTS[0]!;
      const draft = currentDraft(VARIANT_SUPPLIER[variant]);
      if (!mayShowSection(draft, 'details')) return redirect(`/${variant}/${FIRST_SECTION}`);
      if (!draft.business_name || !draft.mobile_number) return redirect(`/${variant}/details`);
      return (await import('./routes/auth/social-redirect.tsx')).ssuRedirectLoader(`/${variant}/details`);
    },
    lazy: () => import('./routes/auth/social-redirect.tsx'),
  };
}
