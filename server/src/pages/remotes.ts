// The remotes map: where the shell loads each remote from. Served at /remotes.json (a static host of the shell would
// serve that file) and written into every page's head, so the shell starts without waiting for that fetch.
//
// It is per visitor while a canary is live (canary.ts): a visitor on a remote's canary gets the canary's entry, with
// the stable one as `fallback`, which the shell's runtime switches to when the canary cannot be loaded.
import { REMOTES_MAP_ELEMENT_ID, VITALS_SAMPLE_ATTRIBUTE } from '@site/contracts/dom-ids';
import { jsonForScript } from '../platform/http/escape.js';
import type { Visitor } from './canary.js';

export interface RemoteEntry {
  name: string;
  entry: string;
  /** Only on a canary's entry: the stable build's, for the browser to use when the canary does not load. */
  fallback?: string;
}

/** The body of /remotes.json and of the inline map. */
export interface RemotesMap {
  remotes: RemoteEntry[];
}

/** A remote as the map needs it (a RemoteConfig fits). */
export interface MappedRemote {
  name: string;
  entry: string;
  canary?: { entry: string } | undefined;
}

/** The map for a visitor on the canaries of `canaries` (none by default). */
export function remotesMap(remotes: readonly MappedRemote[], canaries: ReadonlySet<string> = new Set()): RemotesMap {
  return {
    remotes: remotes.map(
      ({ name, entry, canary }): RemoteEntry =>
        canary !== undefined && canaries.has(name) ? { name, entry: canary.entry, fallback: entry } : { name, entry },
    ),
  };
}

/**
 * The map as a JSON data block for the head. A `type="application/json"` script is never executed, so the CSP's
 * script-src (no inline scripts) does not apply to it; jsonForScript escapes `<` (and `>`, `&`, U+2028/2029) so no
 * entry can close the element. Below 100, `vitalsSamplePercent` (VITALS_SAMPLE_PERCENT) rides on it as an attribute for
 * the shell's vitals beacon: no element of its own (the first-view budgets count elements) and no bytes at 100.
 */
export function remotesMapScript(map: RemotesMap, vitalsSamplePercent = 100): string {
  const sample = vitalsSamplePercent < 100 ? ` ${VITALS_SAMPLE_ATTRIBUTE}="${vitalsSamplePercent}"` : '';
  return `<script type="application/json" id="${REMOTES_MAP_ELEMENT_ID}"${sample}>${jsonForScript(map)}</script>`;
}

/** The map and its script tag per visitor kind, made once each (there are at most 2^remotes kinds). */
export class RemotesMaps {
  private readonly made = new Map<string, { body: RemotesMap; script: string }>();

  constructor(private readonly remotes: readonly MappedRemote[]) {}

  // The sample percent is the pages' setting (shellResponder.ts), given per call: the maps are made by the release registry's
  // snapshots too (releases/liveRemotes.ts), which have no business holding a page setting.
  for(visitor: Pick<Visitor, 'canaries' | 'key'>, vitalsSamplePercent = 100): { body: RemotesMap; script: string } {
    const key = `${visitor.key} ${vitalsSamplePercent}`;
    let map = this.made.get(key);
    if (map === undefined) {
      const body = remotesMap(this.remotes, visitor.canaries);
      map = { body, script: remotesMapScript(body, vitalsSamplePercent) };
      this.made.set(key, map);
    }
    return map;
  }
}
