// DOMPurify (~30 KB, ~800 calls of set-up as its module is evaluated) in a chunk loaded when a fragment needs it. A
// server-drawn product page hydrates its rich text as the server wrote it (SafeHtml), so its start loads none of it;
// the server's first view loads it before it draws (ProductDetailsPage's loadFirstView), as it renders synchronously.

type Sanitize = (html: string) => string;

let ready: Sanitize | undefined;
let loading: Promise<Sanitize> | undefined;

/** The sanitizer when its chunk has loaded, else undefined. */
export function loadedSanitizer(): Sanitize | undefined {
  return ready;
}

/** Loads the sanitizer once; resolves with it. */
export function loadRichTextSanitizer(): Promise<Sanitize> {
  loading ??= import(/* webpackChunkName: "rich-text-sanitizer" */ './sanitizeHtml').then(
    ({ sanitizeHtml }) => (ready = sanitizeHtml),
  );
  // a failed load (a network error) is tried again by the next fragment that needs it
  loading.catch(() => (loading = undefined));
  return loading;
}
