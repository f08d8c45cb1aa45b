// Who changed the registry, as its audit names them: a member of staff signed in (an admin or a release account)
// `staff <email>`, a pipeline token `token <id> "<name>"`, the automatic rollback, the page speed rule. Some changes are
// a person's alone (staffPagesTrust.ts; returning a build the automatic rollback took out: registry.ts).

const STAFF_ACTOR_PREFIX = 'staff ';
/** A member of staff as the registry's audit names them. */
export const staffActor = (email: string): string => `${STAFF_ACTOR_PREFIX}${email}`;
/** Whether an audited change was a member of staff's (signed in), not a token's or the automatic rollback's. */
export const isStaffActor = (actor: string): boolean => actor.startsWith(STAFF_ACTOR_PREFIX);
