// A fetch of another origin's file that cannot be turned against the site: a time limit, no redirect followed (a 3xx
// could lead anywhere, this site's own API included) and no more than a given number of bytes read (the body is
// counted as it streams in and the request aborted past the limit, whatever Content-Length said, or did not: a chunked
// answer). Used for release manifests (releases/manifestCheck.ts) and server-render modules (http/ssr/buildCache.ts).
// The caller checks first that the origin is allowed (releases/allowedOrigins.ts).

export interface FetchLimits {
  maxBytes: number;
  timeoutMs: number;
}

/** The answer's status and bytes, or what went wrong (for the server's log: callers tell their own callers less). */
export type BoundedAnswer = { status: number; bytes: Buffer } | { error: string };

export async function fetchBounded(url: string, { maxBytes, timeoutMs }: FetchLimits): Promise<BoundedAnswer> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
  try {
    const response = await fetch(url, { signal: abort.signal, redirect: 'manual' });
    if (response.status >= 300 && response.status < 400) return { error: `it redirected (${response.status})` };
    if (Number(response.headers.get('content-length') ?? 0) > maxBytes)
      return { error: 'it is too large (Content-Length)' };
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body?.getReader();
    for (let read = await reader?.read(); read !== undefined && !read.done; read = await reader?.read()) {
      // the body's chunk type is untyped here; fetch gives bytes
      const chunk: unknown = read.value;
      if (!(chunk instanceof Uint8Array)) throw new TypeError('a body chunk that is not bytes');
      size += chunk.byteLength;
      if (size > maxBytes) {
        abort.abort(new Error('too large'));
        return { error: `it is larger than ${Math.round(maxBytes / 1024)} KB` };
      }
      chunks.push(chunk);
    }
    return { status: response.status, bytes: Buffer.concat(chunks) };
  } catch (error) {
    return {
      error: abort.signal.aborted
        ? String((abort.signal.reason as Error | undefined)?.message)
        : `it could not be reached (${error instanceof Error ? error.message : String(error)})`,
    };
  } finally {
    clearTimeout(timer);
  }
}
