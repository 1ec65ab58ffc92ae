import { redirect, useParams, useSearchParams, type LoaderFunction } from 'react-router-dom';

import * as journeyPaths from '../../../config/journey-paths.ts';
import {
  AvailabilityPage,
  AvailabilityResultsPage,
  FIRST_SIGNUP_PAGE,
  isSignupPage,
  queryFromSearch,
  SignupAddressPage,
  SignupDetailsPage,
  signupStore,
  SignupSummaryPage,
  SignupTariffsPage,
} from '../../../features/broadband/index.ts';

const firstSignupPage = () => journeyPaths.broadbandSignupPage.build({ page: FIRST_SIGNUP_PAGE });

/**
 * The broadband sign-up's guard (spec 000 section 2): it redirects to the address page unless
 * the page asked for is one the journey allows next (an address chosen before the tariffs, a
 * tariff before the details, complete details before the summary).
 */
export const signupPageLoader: LoaderFunction = ({ params }) => {
  const page = params.page;
  if (!isSignupPage(page) || page === FIRST_SIGNUP_PAGE)
    return page === FIRST_SIGNUP_PAGE ? null : redirect(firstSignupPage());
  return signupStore().allowedPages().includes(page) ? null : redirect(firstSignupPage());
};

/** The results page needs the address: without it, the search. */
export const resultsLoader: LoaderFunction = ({ request }) =>
  queryFromSearch(new URL(request.url).searchParams) ? null : redirect(journeyPaths.broadbandAvailability.build());

function ResultsRoute() {
  const [search] = useSearchParams();
  const query = queryFromSearch(search);
  // The loader has sent a visit without an address to the search. (No <Navigate> here: using it
  // would bring it into the code every page loads, where react-router lives.)
  if (!query) return null;
  // A new address is a new page: its state starts afresh.
  return <AvailabilityResultsPage key={search.toString()} query={query} />;
}

const SIGNUP_PAGES = {
  address: SignupAddressPage,
  tariffs: SignupTariffsPage,
  details: SignupDetailsPage,
  summary: SignupSummaryPage,
};

function SignupRoute() {
  const page = useParams().page;
  // The loader has sent any other page to the address page.
  if (!isSignupPage(page)) return null;
  const Page = SIGNUP_PAGES[page];
  return <Page key={page} />;
}

export const BroadbandAvailabilityRoute = AvailabilityPage;
export const BroadbandResultsRoute = ResultsRoute;
export const BroadbandSignupRoute = SignupRoute;
