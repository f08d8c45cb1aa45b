// The bodies (and the audit's query) of the staff calls of ./staffApi.ts as allow-list zod schemas: the server
// registers them on its routes (server/src/staff/staffRoutes.ts, staff/work/index.ts), the staff app imports their
// types only (`import type`: no zod in its bundle).
import { z } from 'zod';
import { strictObject } from './formsApi';
import { INBOX_STATUSES, NOTE_MAX_LENGTH } from './staffApi';
import { textField } from './textField';

const id = (field: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a number`) })
    .int({ error: `${field} must be a whole number` })
    .positive({ error: `${field} must be positive` });

const boolean = (field: string) => z.boolean({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be true or false`) });

// The e-mail and codes reach the database (lockout counters, the audit log): the text rule of every stored field
// refuses NUL (PostgreSQL cannot hold it), other controls and the direction overrides (they forge audit lines). The
// password is only ever hashed: any character a password manager makes is taken.
/** POST STAFF_API.signIn. */
export const signInBodySchema = strictObject({
  email: textField('email', { max: 320, trim: false }),
  password: z.string({ error: 'password must be text' }).max(1024, { error: 'password must be at most 1024 characters' }),
});

/** POST STAFF_API.secondFactor (a TOTP code or a recovery code) and STAFF_API.totpConfirm (a TOTP code). */
export const codeBodySchema = strictObject({
  code: textField('code', { max: 64, trim: false }),
});

/** GET STAFF_API.audit's query. */
export const auditQuerySchema = strictObject({
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, { error: 'page must be a whole number from 1' })
    .transform(Number)
    .optional(),
});

/** POST STAFF_API.inboxStatus. */
export const inboxStatusBodySchema = strictObject({ status: z.enum(INBOX_STATUSES, { error: `status must be one of: ${INBOX_STATUSES.join(', ')}` }) });
/** POST STAFF_API.inboxAssign: null unassigns. */
export const inboxAssignBodySchema = strictObject({ assigneeId: id('assigneeId').nullable() });
/** POST STAFF_API.inboxNote. */
export const inboxNoteBodySchema = strictObject({
  text: textField('text', { max: NOTE_MAX_LENGTH, kind: 'multiline' }).refine((value) => value !== '', { error: 'text is required', abort: true }),
});
/** POST STAFF_API.inboxResend. */
export const inboxResendBodySchema = strictObject({ mailId: id('mailId') });
/** POST STAFF_API.reviewVisibility. */
export const reviewVisibilityBodySchema = strictObject({ hidden: boolean('hidden') });
/** GET and PUT STAFF_API.settings. */
export const staffSettingsSchema = strictObject({
  /** New reviews wait for a member of staff's approval before they are shown (off by default). */
  holdNewReviews: boolean('holdNewReviews'),
});

export type SignInBody = z.input<typeof signInBodySchema>;
export type CodeBody = z.input<typeof codeBodySchema>;
export type AuditQuery = z.input<typeof auditQuerySchema>;
export type InboxStatusBody = z.input<typeof inboxStatusBodySchema>;
export type InboxAssignBody = z.input<typeof inboxAssignBodySchema>;
export type InboxNoteBody = z.input<typeof inboxNoteBodySchema>;
export type InboxResendBody = z.input<typeof inboxResendBodySchema>;
export type ReviewVisibilityBody = z.input<typeof reviewVisibilityBodySchema>;
export type StaffSettings = z.infer<typeof staffSettingsSchema>;
