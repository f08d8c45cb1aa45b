// The staff app's one way to call the server (contracts/src/staffApi.ts): JSON in and out, same-origin cookies, and the
// session's CSRF token on every state-changing call. A refusal becomes a StaffApiError carrying the status and the
// server's message, which the thunks hand to their slices (and the session slice turns a 401 into "signed out").
import { CSRF_HEADER } from '@site/contracts/staff-api';

/** What a failed call rejects with: a plain object, so it can travel in an action's payload. */
export interface ApiFailure {
  /** The HTTP status; 0 when the server could not be reached. */
  status: number;
  message: string;
}

export class StaffApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The refusal's JSON body when it had one (a 409 of the catalogue editor names who changed what and when). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'StaffApiError';
  }

  get failure(): ApiFailure {
    return { status: this.status, message: this.message };
  }
}

export interface StaffFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** The session's token: required by the server on every method but GET/HEAD. */
  csrfToken?: string | null;
  signal?: AbortSignal;
}

const NETWORK_FAILURE = 'The server could not be reached. Check your connection and try again.';

/** A refusal as an error: the server's `{error}` as its message when it sent one, else the status line. */
async function refusalOf(response: Response): Promise<StaffApiError> {
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === 'string' && body.error !== '') return new StaffApiError(response.status, body.error, body);
  } catch {
    // not JSON (a proxy's page): the status says enough
  }
  return new StaffApiError(response.status, `The server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`);
}

/** Calls a staff address; resolves with the parsed JSON (undefined for 204), rejects with StaffApiError. */
export async function staffFetch<T>(url: string, { method = 'GET', body, csrfToken, signal }: StaffFetchOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers[CSRF_HEADER] = csrfToken;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      // A staff answer is never taken from the HTTP cache (the server says no-store too).
      cache: 'no-store',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new StaffApiError(0, NETWORK_FAILURE);
  }
  if (!response.ok) throw await refusalOf(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** A thunk's rejection value for any error (an abort is passed on as it is: RTK marks it aborted). */
export function failureOf(error: unknown): ApiFailure {
  if (error instanceof StaffApiError) return error.failure;
  return { status: 0, message: error instanceof Error ? error.message : String(error) };
}

/** `?kind=contact&q=x` from the defined, non-empty values (keys in the order given). */
export function queryString(params: Readonly<Record<string, string | number | undefined>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
