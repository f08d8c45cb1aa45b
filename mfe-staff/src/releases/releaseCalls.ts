// What the releases console's forms read of a refused call (the calls themselves: releasesApi.ts, one typed endpoint
// each): its sentence, and the field it is about.
import { failureOf } from '../api/staffBaseQuery';

export { messageOf } from '../api/staffBaseQuery';

/** The field a 400 names first (its first problem's path), if it is one of `fields`. */
export function problemFieldOf<F extends string>(error: unknown, fields: readonly F[]): F | undefined {
  const first = failureOf(error).problems[0]?.path[0];
  return fields.find((field) => field === first);
}

/**
 * The field of the register form a refusal is about: the one its first problem names; a version already taken (409)
 * is the version's; anything else (the release's manifest, missing an expose or unreachable) the entry's.
 */
export function registerFieldOf(error: unknown): 'version' | 'entry' | 'notes' {
  if (failureOf(error).status === 409) return 'version';
  return problemFieldOf(error, ['version', 'notes', 'entry'] as const) ?? 'entry';
}
