import type { Migration } from './types.js';

/**
 * The audit log's values as named fields (staff/audit.ts): `fields`, a JSON object of strings, numbers and booleans
 * ({"step": "password", "email": "…", "address": "…"}), beside `detail`, the server's own sentence. A value someone
 * outside typed (the e-mail of a failed sign-in) joined into `detail` with `;` could forge more of the line
 * ("x@y.z; address 10.9.9.9"); as a field of its own it is only ever that field's value. Older rows keep their text.
 */
export const migration027StaffAuditFields: Migration = {
  version: '027',
  name: 'staff_audit_fields',
  sql: /* sql */ `
alter table staff_audit_log add column fields jsonb check (fields is null or jsonb_typeof(fields) = 'object');
`,
};
