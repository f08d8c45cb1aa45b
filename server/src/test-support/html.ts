// A small reader of what the server writes into a page head, for tests (no DOM here: regular expressions over the
// server's own, predictable markup).
import { REMOTES_MAP_ELEMENT_ID } from '@site/contracts/dom-ids';
import { escapeRegExp } from './regexp.js';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

export const decodeEntities = (value: string): string =>
  value.replace(/&(amp|lt|gt|quot|#39);/g, (_m, name: string) => ENTITIES[name] ?? '');

export interface ParsedHead {
  head: string;
  /** Text of every <title> (decoded). */
  titles: string[];
  /** name= or property= → content= (decoded), for double-quoted attributes. */
  meta: Map<string, string>;
  canonical: string | undefined;
  /** The parsed contents of every <script type="application/ld+json">. */
  jsonLd: unknown[];
  /** The raw contents of the JSON-LD scripts. */
  jsonLdRaw: string[];
  /** Every <script ...> opening tag of the head and body. */
  scriptTags: string[];
}

export function parseHead(html: string): ParsedHead {
  const head = /<head\b[^>]*>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
  const titles = [...head.matchAll(/<title>([\s\S]*?)<\/title>/gi)].map((m) => decodeEntities(m[1] ?? ''));
  const meta = new Map<string, string>();
  for (const m of head.matchAll(/<meta (?:name|property)="([^"]*)" content="([^"]*)">/g)) {
    meta.set(decodeEntities(m[1] ?? ''), decodeEntities(m[2] ?? ''));
  }
  const canonicalRaw = /<link rel="canonical" href="([^"]*)">/.exec(head)?.[1];
  const jsonLdRaw = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => m[1] ?? '',
  );
  return {
    head,
    titles,
    meta,
    canonical: canonicalRaw === undefined ? undefined : decodeEntities(canonicalRaw),
    jsonLd: jsonLdRaw.map((raw) => JSON.parse(raw) as unknown),
    jsonLdRaw,
    scriptTags: [...html.matchAll(/<script\b[^>]*>/gi)].map((m) => m[0]),
  };
}

export type Entity = Record<string, unknown> & { '@type': string };

/** The entities of the JSON-LD @graph(s) of a page. */
export function jsonLdEntities(parsed: ParsedHead): Entity[] {
  return parsed.jsonLd.flatMap((doc) => {
    if (typeof doc !== 'object' || doc === null) return [];
    const graph = (doc as { '@graph'?: unknown })['@graph'];
    return (Array.isArray(graph) ? graph : [doc]) as Entity[];
  });
}

export const entityOfType = (parsed: ParsedHead, type: string): Entity | undefined =>
  jsonLdEntities(parsed).find((entity) => entity['@type'] === type);

/** The opening tag of the remotes map's JSON block as the server writes it (the id is the shell's, in contracts). */
export const REMOTES_MAP_TAG = `<script type="application/json" id="${REMOTES_MAP_ELEMENT_ID}">`;
const REMOTES_MAP_BLOCK = new RegExp(`${escapeRegExp(REMOTES_MAP_TAG)}([\\s\\S]*?)</script>`, 'g');

/** Every remotes map block of `html` (head or not), parsed, in order. */
export const remotesMaps = (html: string): unknown[] =>
  [...html.matchAll(REMOTES_MAP_BLOCK)].map((m) => JSON.parse(m[1] ?? '') as unknown);

/** The page head's remotes map, parsed; throws unless the head holds exactly one (a missing map must fail a test). */
export function inlineRemotesMap(html: string): unknown {
  const head = /<head\b[^>]*>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
  const maps = remotesMaps(head);
  if (maps.length !== 1) throw new Error(`expected one remotes map in the head, found ${maps.length}`);
  return maps[0];
}
