/**
 * The message of a failed API answer: the server's `{error}` text when it sent one (it is written for
 * visitors), otherwise `fallback` with the HTTP status.
 */
export async function apiErrorMessage(response: Response, fallback: string): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (
      typeof body === 'object' &&
      body !== null &&
      'error' in body &&
      typeof body.error === 'string' &&
      body.error !== ''
    ) {
      return body.error;
    }
  } catch {
    // not JSON: the generic message below
  }
  return `${fallback} (HTTP ${response.status})`;
}
