// The remotes map: where the shell loads each remote from. Served at /remotes.json (a static host of the shell would
// serve that file) and written into every page's head, so the shell starts without waiting for that fetch.
import { jsonForScript } from './seo/escape.js';

/** The element id the shell reads the inline map from (the contract with shell/src/remotes). */
export const REMOTES_MAP_ELEMENT_ID = 'remotes-map';

export interface RemoteEntry {
  name: string;
  entry: string;
}

/** The body of /remotes.json and of the inline map. */
export interface RemotesMap {
  remotes: RemoteEntry[];
}

export function remotesMap(remotes: readonly RemoteEntry[]): RemotesMap {
  return { remotes: remotes.map(({ name, entry }) => ({ name, entry })) };
}

/**
 * The map as a JSON data block for the head. A `type="application/json"` script is never executed, so the CSP's
 * script-src (no inline scripts) does not apply to it; jsonForScript escapes `<` (and `>`, `&`, U+2028/2029) so no
 * entry can close the element.
 */
export function remotesMapScript(map: RemotesMap): string {
  return `<script type="application/json" id="${REMOTES_MAP_ELEMENT_ID}">${jsonForScript(map)}</script>`;
}
