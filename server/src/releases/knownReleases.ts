// What other features read of the registry: which release a page's manifest address is (the field vitals count each
// page by the releases it loaded, and only the registry's), which releases of a remote are live, and each release's
// load totals (the operator's metrics).
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../platform/db/index.js';
import { readPointers } from './registry.js';

type Db = Kysely<DatabaseSchema>;

/** The registry's releases, by remote: what a reported manifest address is looked up in. */
export interface KnownReleases {
  /** The version of `remote`'s release at `entry` (an absolute URL, or a path of this site), or undefined: none such. */
  versionOf(remote: string, entry: string): string | undefined;
}

/** Every registered release (a few hundred rows at most: one per build ever registered). */
export async function readKnownReleases(db: Db): Promise<KnownReleases> {
  const rows = await db.selectFrom('remote_releases').select(['remote', 'version', 'entry']).execute();
  const byRemote = new Map<string, Map<string, string>>();
  for (const { remote, version, entry } of rows) {
    const entries = byRemote.get(remote) ?? new Map<string, string>();
    entries.set(entry, version);
    byRemote.set(remote, entries);
  }
  return {
    versionOf(remote, entry) {
      const entries = byRemote.get(remote);
      if (entries === undefined) return undefined;
      const exact = entries.get(entry);
      if (exact !== undefined) return exact;
      // a release at a path of this site, as the browser's map has it: absolute, on whatever host the page had
      try {
        const url = new URL(entry);
        return entries.get(`${url.pathname}${url.search}`);
      } catch {
        return undefined;
      }
    },
  };
}

/** The versions of `remote`'s live releases: its stable one, and its canary while in front of visitors. */
export async function liveVersions(
  db: Db,
  remote: string,
): Promise<{ stable: string; canary: string | undefined; canaryPercent: number } | undefined> {
  const pointers = (await readPointers(db)).get(remote);
  if (pointers === undefined) return undefined;
  const live = pointers.canary !== undefined && pointers.canaryPercent > 0;
  return {
    stable: pointers.stable.version,
    canary: live ? pointers.canary?.version : undefined,
    canaryPercent: pointers.canaryPercent,
  };
}

/**
 * The load totals of each remote's live releases (stable, canary, and the one a rollback returns to), as browsers and
 * the server's own rendering counted them: a bounded set of labels, whatever the registry's history.
 */
export async function releaseLoadTotals(
  db: Db,
): Promise<{ remote: string; version: string; loads: number; failures: number; renderErrors: number }[]> {
  const { rows } = await sql<{
    remote: string;
    version: string;
    loads: string | number;
    failures: string | number;
    render_errors: string | number;
  }>`
    select r.remote, r.version, h.loads, h.failures, h.render_errors
    from remote_release_health h join remote_releases r on r.id = h.release_id
    where h.release_id in (
      select stable_id from remote_pointers
      union select canary_id from remote_pointers where canary_id is not null
      union select previous_stable_id from remote_pointers where previous_stable_id is not null)
    order by r.remote, r.version`.execute(db);
  return rows.map((row) => ({
    remote: row.remote,
    version: row.version,
    loads: Number(row.loads),
    failures: Number(row.failures),
    renderErrors: Number(row.render_errors),
  }));
}
