// How every staff call goes to the server (contracts/src/staffApi.ts): JSON in and out, same-origin cookies, never
// from the HTTP cache, and the session's CSRF token on every state-changing call (prepareHeaders). A refusal becomes a
// StaffFailure: the status, the server's sentence, its structured problems (a 400's) and the whole body (a 409 of the
// catalogue editor names who changed what). A 401 ends the session, except on the calls that answer it themselves.
import { fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import type { ApiProblem } from '@site/contracts/forms-api';
import { CSRF_HEADER } from '@site/contracts/staff-api';

/** What a failed call rejects with: a plain object, so it can travel in an action and the query cache. */
export interface StaffFailure {
  /** The HTTP status; 0 when the server could not be reached. */
  status: number;
  message: string;
  /** A 400's problems one by one (contracts' apiProblemSchema); [] for any other refusal. */
  problems: ApiProblem[];
  /** The refusal's JSON body when it had one. */
  body?: unknown;
}

/** What the endpoints' queries give: an address, or an address with its method and body (FormData sent as it is). */
export type StaffRequest = string | FetchArgs;

const NETWORK_FAILURE = 'The server could not be reached. Check your connection and try again.';

/** What prepareHeaders reads of the state: the session's token (sessionSlice.ts holds it). */
interface WithCsrfToken {
  session: { csrfToken: string | null };
}

const fetchStaff = fetchBaseQuery({
  // the page's own origin: fetchBaseQuery makes a Request first, and outside a browser (Node's, in tests) a Request
  // needs a whole address
  baseUrl: globalThis.location?.origin ?? '',
  credentials: 'same-origin',
  // a staff answer is never taken from the HTTP cache (the server says no-store too)
  cache: 'no-store',
  prepareHeaders: (headers, { getState, type }) => {
    headers.set('accept', 'application/json');
    const token = (getState() as WithCsrfToken).session.csrfToken;
    // the server asks for it on every method but GET/HEAD: queries are GETs, mutations change state
    if (type === 'mutation' && token) headers.set(CSRF_HEADER, token);
    return headers;
  },
});

function isApiProblem(value: unknown): value is ApiProblem {
  const problem = value as Partial<ApiProblem> | null;
  return (
    typeof problem === 'object' &&
    problem !== null &&
    Array.isArray(problem.path) &&
    typeof problem.message === 'string'
  );
}

/** A refusal's answer as a StaffFailure: the server's {error, problems} when it sent them, else the status line. */
export function failureOfAnswer(status: number, data: unknown, statusText = ''): StaffFailure {
  const body = data as { error?: unknown; problems?: unknown } | null;
  if (typeof body === 'object' && body !== null && typeof body.error === 'string' && body.error !== '') {
    const problems = Array.isArray(body.problems) ? body.problems.filter(isApiProblem) : [];
    return { status, message: body.error, problems, body };
  }
  return { status, message: `The server answered ${status}${statusText ? ` ${statusText}` : ''}.`, problems: [] };
}

/**
 * The endpoints whose 401 does not end the session: reading it (signed out is {session: null} there), and the sign-in
 * steps (a 401 is a wrong password or code, said on the step itself).
 */
export const OWN_401_ENDPOINTS: ReadonlySet<string> = new Set([
  'session',
  'signIn',
  'secondFactor',
  'startTotpSetup',
  'confirmTotp',
]);

/** Set by the session slice: what a 401 dispatches (kept out of this module so it needs no slice). */
export const SESSION_EXPIRED = 'session/sessionExpired';

export const staffBaseQuery: BaseQueryFn<StaffRequest, unknown, StaffFailure> = async (args, api, extraOptions) => {
  const result = await fetchStaff(args, api, extraOptions);
  // an answer without a body (204) is data null: RTK Query takes undefined data for a base query that answered nothing
  if (result.error === undefined) return { data: result.data ?? null, meta: result.meta };
  const { error } = result;
  let failure: StaffFailure;
  if (typeof error.status === 'number')
    failure = failureOfAnswer(error.status, error.data, result.meta?.response?.statusText);
  else if (error.status === 'PARSING_ERROR')
    failure = failureOfAnswer(error.originalStatus, undefined, result.meta?.response?.statusText);
  else failure = { status: 0, message: NETWORK_FAILURE, problems: [] };
  if (failure.status === 401 && !OWN_401_ENDPOINTS.has(api.endpoint)) api.dispatch({ type: SESSION_EXPIRED });
  return { error: failure, meta: result.meta };
};

/** Any rejection as a StaffFailure: an unwrapped call's (already one), or an unexpected Error. */
export function failureOf(error: unknown): StaffFailure {
  const failure = error as Partial<StaffFailure> | null;
  if (
    typeof failure === 'object' &&
    failure !== null &&
    typeof failure.status === 'number' &&
    typeof failure.message === 'string'
  ) {
    return { status: failure.status, message: failure.message, problems: failure.problems ?? [], body: failure.body };
  }
  return { status: 0, message: error instanceof Error ? error.message : String(error), problems: [] };
}

/** The sentence a refusal says (the server's own words). */
export const messageOf = (error: unknown): string => failureOf(error).message;

/** `?kind=contact&q=x` from the defined, non-empty values (keys in the order given). */
export function queryString(params: Readonly<Record<string, string | number | undefined>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
