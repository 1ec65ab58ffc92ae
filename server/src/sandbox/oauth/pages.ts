import { socialProviderNames, type SocialProvider } from '@portal/contract';

import { demoLogins } from '../../db/demo-logins.ts';
import { sandboxPath } from '../../modules/identity/index.ts';
import { CSRF_FORM_FIELD } from '../../plugins/csrf.ts';

// The sandbox OAuth provider's pages (routes.ts serves them): the consent page and the error page.

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char]!);

/** The authorization request's parameters, as the consent page carries them from GET to POST. */
export interface AuthorizeRequest {
  client_id: string;
  redirect_uri: string;
  response_type: string;
  state: string;
  code_challenge: string;
  code_challenge_method: string;
  scope: string;
}

export const AUTHORIZE_FIELDS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'state',
  'code_challenge',
  'code_challenge_method',
  'scope',
] as const;

export type Fields = Record<string, string | undefined>;

export type IdentityErrors = Partial<Record<'email' | 'given_name' | 'family_name', string>>;

/** The demo customers the consent page offers (staff accounts sign in with their password). */
export const demoCustomers = Object.entries(demoLogins)
  .filter(([key]) => key !== 'staff')
  .map(([, login]) => ({ email: login.email, name: login.name }));

interface PageState {
  provider: SocialProvider;
  request: AuthorizeRequest;
  csrfToken: string;
  nonce: string;
  /** The typed identity as sent, kept after a failed submit. */
  typed?: Fields;
  errors?: IdentityErrors;
}

function hiddenFields(request: AuthorizeRequest, csrfToken: string): string {
  return [
    `<input type="hidden" name="${CSRF_FORM_FIELD}" value="${escapeHtml(csrfToken)}">`,
    ...AUTHORIZE_FIELDS.map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(request[name])}">`),
  ].join('\n        ');
}

const FIELD_LABELS = { email: 'Email address', given_name: 'First name', family_name: 'Last name' } as const;

function field(name: keyof typeof FIELD_LABELS, value: string, error: string | undefined, attributes: string): string {
  const errorId = `${name}-error`;
  return `<div class="field${error ? ' field-error' : ''}">
          <label for="${name}">${FIELD_LABELS[name]}</label>
          ${error ? `<p class="error-message" id="${errorId}"><span class="visually-hidden">Error:</span> ${escapeHtml(error)}</p>` : ''}
          <input id="${name}" name="${name}" value="${escapeHtml(value)}" ${attributes}${error ? ` aria-describedby="${errorId}" aria-invalid="true"` : ''}>
        </div>`;
}

export function consentPage(state: PageState): string {
  const name = socialProviderNames[state.provider];
  const title = `Sign in to ${name} (sandbox)`;
  const action = sandboxPath(state.provider, 'authorize');
  const hidden = hiddenFields(state.request, state.csrfToken);
  const typed = state.typed ?? {};
  const errors = state.errors ?? {};
  const errorList = (Object.keys(FIELD_LABELS) as Array<keyof typeof FIELD_LABELS>).filter((key) => errors[key]);
  const verified = state.typed ? typed.email_verified === 'true' : true;
  const identities = demoCustomers
    .map(
      (
        person,
      ) => `<li><button type="submit" name="identity" value="${escapeHtml(person.email)}">Continue as ${escapeHtml(person.name)}
            <span class="email">${escapeHtml(person.email)}</span></button></li>`,
    )
    .join('\n          ');
  return `<!doctype html>
<html lang="en-GB">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${errorList.length > 0 ? 'Error: ' : ''}${escapeHtml(title)}</title>
  <style nonce="${state.nonce}">
    body { font-family: system-ui, sans-serif; margin: 0; color: #0b0c0c; line-height: 1.5; background: #f3f2f1; }
    .banner { background: #1d3b5c; color: #fff; padding: 0.75rem 1rem; margin: 0; }
    main { max-width: 36rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; background: #fff; }
    h1 { font-size: 1.75rem; margin: 0 0 0.5rem; }
    h2 { font-size: 1.25rem; margin: 2rem 0 0.75rem; }
    ul { list-style: none; padding: 0; margin: 0; display: grid; gap: 0.5rem; }
    button { font: inherit; padding: 0.6rem 1rem; border: 2px solid #0b0c0c; border-radius: 4px; background: #fff; color: #0b0c0c; cursor: pointer; }
    ul button { width: 100%; text-align: left; }
    .email { display: block; color: #505a5f; font-size: 0.9rem; overflow-wrap: anywhere; }
    .primary { background: #00703c; border-color: #00703c; color: #fff; }
    .field { margin-bottom: 1rem; }
    .field-error { border-left: 4px solid #d4351c; padding-left: 0.75rem; }
    label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
    input[type="email"], input[type="text"] { font: inherit; width: 100%; box-sizing: border-box; padding: 0.4rem; border: 2px solid #0b0c0c; }
    .checkbox { display: flex; gap: 0.5rem; align-items: center; margin-bottom: 1rem; }
    .checkbox label { font-weight: 400; margin: 0; }
    .checkbox input { width: 1.25rem; height: 1.25rem; }
    .error-message { color: #d4351c; font-weight: 600; margin: 0 0 0.25rem; }
    .error-summary { border: 4px solid #d4351c; padding: 1rem; margin-bottom: 1.5rem; }
    .error-summary h2 { margin-top: 0; }
    .error-summary a { color: #d4351c; font-weight: 600; }
    .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    button:focus, input:focus, a:focus { outline: 3px solid #fd0; outline-offset: 0; box-shadow: inset 0 0 0 2px #0b0c0c; }
    .cancel { margin-top: 2rem; }
  </style>
</head>
<body>
  <p class="banner"><strong>Sandbox.</strong> This page stands in for ${escapeHtml(name)} on this machine: no ${escapeHtml(name)} account is used and no password is asked for.</p>
  <main>
    ${
      errorList.length > 0
        ? `<div class="error-summary" role="alert" tabindex="-1" aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">There is a problem</h2>
      <ul>
        ${errorList.map((key) => `<li><a href="#${key}">${escapeHtml(errors[key]!)}</a></li>`).join('\n        ')}
      </ul>
    </div>`
        : ''
    }
    <h1>${escapeHtml(title)}</h1>
    <p>Customer Portal asks for your name and email address. Choose who to continue as.</p>
    <section aria-labelledby="demo-customers">
      <h2 id="demo-customers">Demo customers</h2>
      <form method="post" action="${action}">
        ${hidden}
        <ul>
          ${identities}
        </ul>
      </form>
    </section>
    <section aria-labelledby="someone-else">
      <h2 id="someone-else">Someone else</h2>
      <form method="post" action="${action}" novalidate>
        ${hidden}
        ${field('email', typed.email ?? '', errors.email, 'type="email" autocomplete="email" spellcheck="false"')}
        ${field('given_name', typed.given_name ?? '', errors.given_name, 'type="text" autocomplete="given-name"')}
        ${field('family_name', typed.family_name ?? '', errors.family_name, 'type="text" autocomplete="family-name"')}
        <div class="checkbox">
          <input type="checkbox" id="email_verified" name="email_verified" value="true"${verified ? ' checked' : ''}>
          <label for="email_verified">${escapeHtml(name)} has confirmed this email address</label>
        </div>
        <button type="submit" class="primary" name="identity" value="typed">Continue</button>
      </form>
    </section>
    <form method="post" action="${action}" class="cancel">
      ${hidden}
      <button type="submit" name="decision" value="cancel">Cancel and go back</button>
    </form>
  </main>
</body>
</html>
`;
}

export function errorPage(provider: SocialProvider, problem: string, nonce: string): string {
  const name = socialProviderNames[provider];
  return `<!doctype html>
<html lang="en-GB">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Sign-in request not valid - ${escapeHtml(name)} (sandbox)</title>
  <style nonce="${nonce}">body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #0b0c0c; line-height: 1.5; } a { color: #1d70b8; }</style>
</head>
<body>
  <main>
    <h1>This sign-in request is not valid</h1>
    <p>${escapeHtml(problem)}</p>
    <p><a href="/auth/login/">Go back to sign in</a></p>
  </main>
</body>
</html>
`;
}
