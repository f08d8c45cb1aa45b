// The words the staff pages show for the API's values (contracts/src/staffApi.ts), each once.
import type { InboxKind, InboxMail, InboxStatus, StaffReview, StaffRole } from '@site/contracts/staff-api';

export const KIND_LABELS: Record<InboxKind, string> = {
  contact: 'Contact message',
  registration: 'Registration',
  enquiry: 'Enquiry',
  quote: 'Quote request',
};

/** The kind filter's options: plural. */
export const KIND_FILTER_LABELS: Record<InboxKind, string> = {
  contact: 'Contact messages',
  registration: 'Registrations',
  enquiry: 'Enquiries',
  quote: 'Quote requests',
};

export const STATUS_LABELS: Record<InboxStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  handled: 'Handled',
  spam: 'Spam',
};

export const VISIBILITY_LABELS: Record<StaffReview['visibility'], string> = {
  visible: 'Visible',
  hidden: 'Hidden',
  held: 'Held for approval',
};

export const MAIL_STATE_LABELS: Record<InboxMail['state'], string> = {
  sent: 'Sent',
  pending: 'Waiting to be sent',
  failed: 'Not sent',
};

export const ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Administrator',
  branch: 'Branch staff',
  catalogue: 'Catalogue editor',
  release: 'Release staff',
};
