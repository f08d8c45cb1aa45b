// The visitor's browser tells the server which remotes' canary builds it could not load: the server then sends that
// visitor the stable build (remotes map, server-rendered HTML, preload hints) on the next pages, so the page is drawn
// and hydrated by the same build. Read by server/src/pages/canary.ts. The cookie's reading and writing are shared with
// the staff host (contracts/federation).
import { rememberCanaryFailure as remember } from '@site/contracts/federation';

export { canaryFailures } from '@site/contracts/federation';

/** Adds `remote` to the cookie (kept with the others already in it). */
export function rememberCanaryFailure(remote: string, doc: Document = document): void {
  remember(remote, doc);
}
