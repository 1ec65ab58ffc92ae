// zod/mini: these schemas load with every page, and mini tree-shakes to what is used.
import * as z from 'zod/mini';

import { endpoint } from './endpoint.ts';

/** The role that lets staff act on customers' accounts (spec 000 section 6). */
export const MANAGE_OTHER_USERS = "Allow to manage other users' accounts";

export const Email = z.pipe(
  z
    .string({ error: 'Enter your email address' })
    .check(
      z.trim(),
      z.minLength(1, 'Enter your email address'),
      z.maxLength(254, 'Email address must be 254 characters or fewer'),
    ),
  z.email('Enter an email address in the correct format, like name@example.com'),
);

export const LoginRequest = z.object({
  email: Email,
  password: z
    .string({ error: 'Enter your password' })
    .check(z.minLength(1, 'Enter your password'), z.maxLength(1024, 'Password must be 1024 characters or fewer')),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = z.object({ key: z.string() });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const FeatureFlag = z.object({ name: z.string(), enabled: z.boolean() });
export type FeatureFlag = z.infer<typeof FeatureFlag>;

/** The current user (spec 000 section 3, "User"). */
export const Me = z.object({
  id: z.int(),
  user_profile: z.object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    /** The user's phone number (national form), if given (the profile page). */
    phone: z.nullable(z.string()),
    /** A new e-mail address waiting for its confirmation link to be opened (the profile page). */
    pending_email: z.nullable(z.string()),
  }),
  initials: z.string(),
  name: z.string(),
  is_staff: z.boolean(),
  permissions: z.array(z.string()),
  feature_flags: z.array(FeatureFlag),
  /**
   * The staff member acting on this account, while a staff user is signed in as a customer, with their own
   * permissions (the session's are the customer's): what the staff member may do here follows from these.
   */
  logged_in_as: z.nullable(z.object({ email: z.string(), name: z.string(), permissions: z.array(z.string()) })),
});
export type Me = z.infer<typeof Me>;

export const Empty = z.object({});

export const authEndpoints = {
  csrf: endpoint({
    method: 'GET',
    path: '/auth/csrf/',
    summary: 'Sets the csrftoken cookie and answers its value',
    auth: false,
    response: z.object({ csrftoken: z.string() }),
  }),
  login: endpoint({
    answers: ['throttled'],
    method: 'POST',
    path: '/auth/login/',
    summary: 'Signs in with email and password; answers the token key',
    auth: false,
    body: LoginRequest,
    response: LoginResponse,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/auth/logout/',
    summary: 'Revokes the token the request was sent with',
    auth: true,
    response: z.object({ detail: z.string() }),
  }),
  me: endpoint({
    method: 'GET',
    path: '/api/v3/me/',
    summary: 'The current user',
    auth: true,
    response: Me,
  }),
};
