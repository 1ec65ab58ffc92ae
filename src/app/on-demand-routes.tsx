import type { QueryClient } from '@tanstack/react-query';
import { redirect, type RouteObject } from 'react-router-dom';

import type { ProductKind, SignupChannel } from '@portal/contract';

import * as journeyPaths from '../config/journey-paths.ts';
import * as paths from '../config/paths.ts';
import type { AppRoute } from '../config/route-path.ts';
import { detailsRoutes } from '../features/navigation/index.ts';
import { guestOnlyLoader } from './guards.ts';
import { JOURNEY_FRAMES, type JourneyFrame } from './journey-frames.ts';
import { revalidateOnEveryPage } from './loaders.ts';
import { ErrorPageBoundary, RouteErrorPage } from './routes/error-page.tsx';
import { numberSelectRoute, selfSignupRoutes, ssuGoogleRoute } from './self-signup-routes.tsx';
import { SIGNED_IN_ROUTE_ID } from './session.ts';

export const GETTING_STARTED_LAYOUT_ROUTE_ID = 'getting-started-layout';

const broadbandRoutes = () => import('./routes/broadband/broadband.tsx');
const paymentRoutes = () => import('./routes/payments.tsx');
const mandateRoutes = () => import('./routes/mandate.tsx');
const recurringCardRoutes = () => import('./routes/recurring-card.tsx');

const journeyLayout = (frame: JourneyFrame) => async () => {
  const { JourneyLayout } = await import('./layouts/journey-layout.tsx');
  return { Component: () => <JourneyLayout frame={frame} /> };
};

// A failed page shows inside its frame: "Page not found" for a 404, else "An error occurred".
const framedError = (
  <ErrorPageBoundary>
    <RouteErrorPage framed={false} />
  </ErrorPageBoundary>
);

/**
 * The routes found on demand (routes.tsx, `discoverRoutes`): the sign-in journeys, the guest
 * journeys' frames (with buy-now complete and the welcome page), coming soon and the
 * getting-started frame. Few visits need them, so their route
 * objects stay out of the code every page loads; the router patches them in the first time a
 * path under ON_DEMAND_ROUTES_PATTERN is visited. Answers each parent route's id with the routes
 * that go under it: the root, the signed-in route, the default layout.
 */
export function onDemandRoutes(queryClient: QueryClient): Array<[parentRouteId: string, routes: RouteObject[]]> {
  const welcomeFirstPage = journeyPaths.welcomePage.build({ page: journeyPaths.WELCOME_FIRST_PAGE });
  /** The journey pages, by frame. */
  /**
   * The trial and buy-now journeys (spec 000 section 2 and its route rules): for
   * visitors only; /trial and /buynow (and any page not of the journey) go to the first page; the
   * detail pages go back to it unless the local sign-up data holds a product, account or key; in
   * maintenance mode the trial pages show 'Under maintenance' (the server answers them 503).
   */
  const signupJourney = (
    channel: SignupChannel,
    root: AppRoute<string>,
    page: AppRoute<`${string}/:page`>,
  ): RouteObject[] => [
    {
      id: root.name,
      path: root.pattern,
      loader: async (args) => {
        await guestOnlyLoader(queryClient)(args);
        return redirect(page.build({ page: 'signup' }));
      },
    },
    {
      id: page.name,
      path: page.pattern,
      errorElement: framedError,
      loader: async (args) => {
        await guestOnlyLoader(queryClient)(args);
        const signup = await import('../features/signup/index.ts');
        if (channel !== 'Buy Now') {
          const settings = await signup.getSignupSettings().catch(() => null);
          if (settings?.maintenance_mode) return { maintenance: true };
        }
        const to = signup.signupRedirect(channel, args.params.page, signup.readSignupData());
        return to ? redirect(to) : { maintenance: false };
      },
      lazy: async () => {
        const { SignupRoute } = await import('../features/signup/index.ts');
        return { Component: () => <SignupRoute channel={channel} /> };
      },
    },
  ];
  const journeyPages: Record<JourneyFrame, RouteObject[]> = {
    'buy-now': signupJourney('Buy Now', journeyPaths.buynow, journeyPaths.buynowPage),
    'number-select': [numberSelectRoute(queryClient)],
    // Card payments: signed in, in the make-a-payment frame (its header is the spec's nav bar).
    'make-a-payment': [
      {
        id: journeyPaths.makeAPayment.name,
        path: journeyPaths.makeAPayment.pattern,
        lazy: async () => ({ Component: (await paymentRoutes()).MakeAPaymentRoute }),
      },
      {
        id: journeyPaths.makeAPaymentProcess.name,
        path: journeyPaths.makeAPaymentProcess.pattern,
        lazy: async () => ({ Component: (await paymentRoutes()).PaymentProcessRoute }),
      },
      {
        id: journeyPaths.checkoutRedirect.name,
        path: journeyPaths.checkoutRedirect.pattern,
        lazy: async () => ({ Component: (await paymentRoutes()).CheckoutRedirectRoute }),
      },
    ],
    // Direct-debit mandate links: signed in or not, in the mandate frame.
    mandate: [
      {
        id: journeyPaths.mandateEntry.name,
        path: journeyPaths.mandateEntry.pattern,
        lazy: async () => ({ Component: (await mandateRoutes()).MandateEntryRoute }),
      },
      {
        id: journeyPaths.mandateEntrySuccess.name,
        path: journeyPaths.mandateEntrySuccess.pattern,
        lazy: async () => ({ Component: (await mandateRoutes()).MandateSuccessRoute }),
      },
    ],
    // Recurring card payment links: signed in or not, in the recurring card payment frame.
    'recurring-card-payment': [
      {
        id: journeyPaths.recurringCardPayment.name,
        path: journeyPaths.recurringCardPayment.pattern,
        lazy: async () => ({ Component: (await recurringCardRoutes()).RecurringCardPaymentRoute }),
      },
      {
        id: journeyPaths.recurringCardPaymentInvalidLink.name,
        path: journeyPaths.recurringCardPaymentInvalidLink.pattern,
        lazy: async () => ({ Component: (await recurringCardRoutes()).RecurringCardInvalidLinkRoute }),
      },
      {
        id: journeyPaths.recurringCardPaymentSetupComplete.name,
        path: journeyPaths.recurringCardPaymentSetupComplete.pattern,
        lazy: async () => ({ Component: (await recurringCardRoutes()).RecurringCardSetupCompleteRoute }),
      },
    ],
    // The welcome journey (spec 000 section 2, "welcome: welcome"): a sign-up journey, so a signed-in customer goes
    // home, and a visitor anywhere in it goes to its first (only) page.
    'sign-up': [
      {
        id: journeyPaths.welcome.name,
        path: journeyPaths.welcome.pattern,
        loader: async (args) => {
          await guestOnlyLoader(queryClient)(args);
          return redirect(welcomeFirstPage);
        },
      },
      {
        id: journeyPaths.welcomePage.name,
        path: journeyPaths.welcomePage.pattern,
        loader: async (args) => {
          await guestOnlyLoader(queryClient)(args);
          return args.params.page === journeyPaths.WELCOME_FIRST_PAGE ? null : redirect(welcomeFirstPage);
        },
        lazy: () => import('./routes/welcome.tsx'),
      },
      ...signupJourney('Self Sign Up', journeyPaths.trial, journeyPaths.trialPage),
      // Self sign-up, online sign-up, verify mobile and referrals.
      ...selfSignupRoutes(queryClient),
    ],
    // Broadband availability and sign-up (spec 000 section 2): guest pages, so a signed-in customer goes home.
    'broadband-availability': [
      {
        id: journeyPaths.broadbandAvailability.name,
        path: journeyPaths.broadbandAvailability.pattern,
        loader: guestOnlyLoader(queryClient),
        lazy: async () => ({ Component: (await broadbandRoutes()).BroadbandAvailabilityRoute }),
      },
      {
        id: journeyPaths.broadbandAvailabilityResults.name,
        path: journeyPaths.broadbandAvailabilityResults.pattern,
        loader: async (args) => {
          await guestOnlyLoader(queryClient)(args);
          return (await broadbandRoutes()).resultsLoader(args);
        },
        lazy: async () => ({ Component: (await broadbandRoutes()).BroadbandResultsRoute }),
      },
      {
        id: journeyPaths.broadbandSignup.name,
        path: journeyPaths.broadbandSignup.pattern,
        loader: async (args) => {
          await guestOnlyLoader(queryClient)(args);
          return redirect(journeyPaths.broadbandSignupPage.build({ page: 'address' }));
        },
      },
      {
        id: journeyPaths.broadbandSignupPage.name,
        path: journeyPaths.broadbandSignupPage.pattern,
        loader: async (args) => {
          await guestOnlyLoader(queryClient)(args);
          return (await broadbandRoutes()).signupPageLoader(args);
        },
        lazy: async () => ({ Component: (await broadbandRoutes()).BroadbandSignupRoute }),
      },
    ],
  };
  const root: RouteObject[] = [
    // The e-mail sign-in journeys: magic link, registration, verification, password reset, in one lazy chunk.
    // Asking for something is for guests; a link from an e-mail works whoever is signed in.
    ...(
      [
        [journeyPaths.authLoginMagicLink, 'MagicLinkPage', true],
        [journeyPaths.authLoginMagicLinkSuccess, 'MagicLinkSuccessPage', true],
        [journeyPaths.authLoginSignin, 'SignInWithLinkPage', false],
        [journeyPaths.authRegister, 'RegisterPage', true],
        [journeyPaths.authRegisterSuccess, 'RegisterSuccessPage', true],
        [journeyPaths.authRegisterVerify, 'RegisterVerifyPage', false],
        [journeyPaths.authPasswordReset, 'PasswordResetPage', true],
        [journeyPaths.authPasswordResetSuccess, 'PasswordResetSuccessPage', true],
        [journeyPaths.authPasswordResetConfirm, 'PasswordResetConfirmPage', false],
        [journeyPaths.authPasswordResetConfirmSuccess, 'PasswordResetConfirmSuccessPage', false],
      ] as const
    ).map(([route, page, guestOnly]) => ({
      id: route.name,
      path: route.pattern,
      ...(guestOnly && { loader: guestOnlyLoader(queryClient) }),
      lazy: async () => ({ Component: (await import('./routes/auth/account-pages.ts'))[page] }),
    })),
    // Social sign-in: auth/{page}/{provider}/ leaves for the provider, which comes back to /login.
    {
      id: journeyPaths.authSocialRedirect.name,
      path: journeyPaths.authSocialRedirect.pattern,
      loader: async (args) => {
        await guestOnlyLoader(queryClient)(args);
        return (await import('./routes/auth/social-redirect.tsx')).socialRedirectLoader(args);
      },
      lazy: () => import('./routes/auth/social-redirect.tsx'),
    },
    ssuGoogleRoute(queryClient),
    {
      id: journeyPaths.socialLoginCallback.name,
      path: journeyPaths.socialLoginCallback.pattern,
      lazy: () => import('./routes/auth/social-callback.tsx'),
    },
    {
      // The link confirming a new e-mail address works whoever is signed in, or nobody.
      id: journeyPaths.profileConfirmEmail.name,
      path: journeyPaths.profileConfirmEmail.pattern,
      lazy: () => import('./routes/profile-confirm-email.tsx'),
    },
    // The guest journeys' frames (spec 000, layouts): sign-up, buy-now, number-select, make-a-payment, mandate, recurring card payment, broadband.
    ...JOURNEY_FRAMES.map((frame) => ({
      id: `${frame}-layout`,
      lazy: journeyLayout(frame),
      children: journeyPages[frame],
    })),
    // Route rules (spec 000): /phone/welcome redirects to the welcome page.
    {
      id: journeyPaths.phoneWelcome.name,
      path: journeyPaths.phoneWelcome.pattern,
      loader: () => redirect(welcomeFirstPage),
    },
    {
      // Where the shop sends voip3 customers (spec 000 section 4); public, in a guest frame of its own.
      id: paths.comingSoon.name,
      path: paths.comingSoon.pattern,
      lazy: () => import('./routes/coming-soon.tsx'),
    },
  ];
  const signedIn: RouteObject[] = [
    {
      // Buy-now complete (spec 000 sections 2 and 4): in the buy-now frame, but for the signed-in
      // customer the start-up rule sends there (a visitor is asked to sign in first).
      id: 'buy-now-complete-layout',
      lazy: journeyLayout('buy-now'),
      children: [
        {
          id: paths.buynowComplete.name,
          path: paths.buynowComplete.pattern,
          errorElement: framedError,
          loader: async (args) =>
            (await import('./routes/buy-now/complete-loader.ts')).buyNowCompleteLoader(queryClient)(args),
          lazy: () => import('./routes/buy-now/complete.tsx'),
        },
      ],
    },
    {
      // The getting-started layout (spec 000, layouts) and its page (spec 001 section 4: choose users, set a PIN, confirm the installation address).
      id: GETTING_STARTED_LAYOUT_ROUTE_ID,
      lazy: () => import('./layouts/getting-started-layout.tsx'),
      children: [
        {
          // /getting-started without a page: its one page, "welcome", with the query kept.
          id: paths.gettingStarted.name,
          path: paths.gettingStarted.pattern,
          loader: ({ request }) =>
            redirect(`${paths.gettingStartedPage.build({ page: 'welcome' })}${new URL(request.url).search}`),
        },
        {
          id: paths.gettingStartedPage.name,
          path: paths.gettingStartedPage.pattern,
          lazy: () => import('./routes/getting-started.tsx'),
        },
      ],
    },
  ];
  // Pages of the default layout found on demand as well, under the layout's start-up loader and framed errors
  // as its other pages are (routes.tsx): the less visited ones (ON_DEMAND_ROUTES_PATTERN).
  const pages: RouteObject[] = [
    {
      errorElement: framedError,
      loader: async (args) => (await import('./layouts/default-layout.tsx')).defaultLayoutLoader(queryClient)(args),
      shouldRevalidate: revalidateOnEveryPage,
      children: [
        {
          id: paths.usersDevices.name,
          path: paths.usersDevices.pattern,
          lazy: () => import('./routes/app/users-devices.tsx'),
        },
        {
          id: paths.user.name,
          path: paths.user.pattern,
          lazy: async () => ({ Component: (await import('./routes/app/users-devices.tsx')).UserPage }),
        },
        {
          id: paths.phoneNumbers.name,
          path: paths.phoneNumbers.pattern,
          lazy: () => import('./routes/app/phone-numbers.tsx'),
        },
        {
          id: paths.accountAddOns.name,
          path: paths.accountAddOns.pattern,
          lazy: async () => ({ Component: (await import('./routes/app/phone-setup.tsx')).AccountAddOnsPage }),
        },
        {
          id: paths.companyContacts.name,
          path: paths.companyContacts.pattern,
          lazy: () => import('./routes/app/company-contacts.tsx'),
        },
        {
          id: paths.downloadApps.name,
          path: paths.downloadApps.pattern,
          lazy: () => import('./routes/app/download-apps.tsx'),
        },
        {
          id: paths.staffAuditLog.name,
          path: paths.staffAuditLog.pattern,
          lazy: () => import('./routes/app/staff-audit-log.tsx'),
        },
        { id: paths.upgrade.name, path: paths.upgrade.pattern, lazy: () => import('./routes/app/upgrade.tsx') },
        {
          id: paths.callFlows.name,
          path: paths.callFlows.pattern,
          // The loader's chunk and the page's chunk download side by side.
          loader: async (args) =>
            (await import('./routes/app/call-flows-loaders.ts')).callFlowsLoader(queryClient)(args),
          lazy: () => import('./routes/app/call-flows.tsx'),
        },
        {
          id: paths.phoneSetup.name,
          path: paths.phoneSetup.pattern,
          lazy: () => import('./routes/app/phone-setup.tsx'),
        },
        {
          id: paths.profilePreferences.name,
          path: paths.profilePreferences.pattern,
          lazy: () => import('./routes/app/profile-preferences.tsx'),
        },
        { id: paths.myOrders.name, path: paths.myOrders.pattern, lazy: () => import('./routes/app/my-orders.tsx') },
        {
          id: journeyPaths.callFlowJourney.name,
          path: journeyPaths.callFlowJourney.pattern,
          lazy: async () => ({ Component: (await import('./routes/app/call-flows.tsx')).CallFlowJourneyRoute }),
        },
        // Product details: one route per kind, by the navigation's table (its six paths stay out of the
        // entry chunk's exports: the home page's bundle budget), and one small route module for all.
        ...(Object.entries(detailsRoutes) as Array<[ProductKind, (typeof detailsRoutes)[ProductKind]]>).map(
          ([kind, route]) => ({
            id: route.name,
            path: route.pattern,
            lazy: async () => ({ Component: (await import('./routes/app/product-details.tsx')).detailsRoute(kind) }),
          }),
        ),
        { id: paths.billing.name, path: paths.billing.pattern, lazy: () => import('./routes/app/billing.tsx') },
        {
          id: paths.callRecordings.name,
          path: paths.callRecordings.pattern,
          loader: async (args) =>
            (await import('./routes/app/call-recordings.tsx')).callRecordingsLoader(queryClient)(args),
          lazy: async () => ({ Component: (await import('./routes/app/call-recordings.tsx')).CallRecordingsListPage }),
        },
        {
          id: paths.callRecordingsRecentlyDeleted.name,
          path: paths.callRecordingsRecentlyDeleted.pattern,
          loader: async (args) =>
            (await import('./routes/app/call-recordings.tsx')).callRecordingsLoader(queryClient)(args),
          lazy: async () => ({
            Component: (await import('./routes/app/call-recordings.tsx')).RecentlyDeletedRecordingsPage,
          }),
        },
        {
          id: paths.callReports.name,
          path: paths.callReports.pattern,
          lazy: () => import('./routes/app/call-reports.tsx'),
        },
        { id: paths.shop.name, path: paths.shop.pattern, lazy: () => import('./routes/app/shop.tsx') },
        {
          id: paths.shopPayment.name,
          path: paths.shopPayment.pattern,
          lazy: async () => ({ Component: (await import('./routes/app/shop.tsx')).ShopPaymentPage }),
        },
      ],
    },
  ];
  return [
    ['root', root],
    [SIGNED_IN_ROUTE_ID, signedIn],
    // routes.tsx's DEFAULT_LAYOUT_ROUTE_ID: spelled out, as importing routes.tsx here would be an import cycle.
    ['default-layout', pages],
  ];
}
