import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AuditFields, StaffBranch } from '@site/contracts/staff-api';
import type { BulkChanges, CategoryState, ImportReport } from '@site/contracts/staff-catalogue-api';
import type { Incoterm } from '@site/contracts/quotations-api';
import type { LocationAvailability } from '@site/contracts/stock-api';

/**
 * The database's tables as Kysely sees them: the one declaration the row types of every store come from.
 * It follows the migrations (migrations/*.ts), which stay the truth about the schema: a new migration changes
 * this file in the same commit. Value types are those both databases return (db/types.ts): bigint ids and
 * counts as numbers, numeric as strings, timestamptz as Date, jsonb parsed.
 */

/** A column the database fills (identity, default now()) that a caller may still set. */
type Defaulted<T> = Generated<T>;
/** A timestamp: read as a Date, written as a Date or an SQL expression's value. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A timestamp with no default. */
type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;
/** The staff search's generated tsvector: read only through SQL (to_tsquery), never selected or written. */
type SearchVector = ColumnType<never, never, never>;

/** What each inbox table (contact messages, registrations, enquiries, quote requests) adds for the staff inbox. */
interface InboxColumns {
  spam: Defaulted<boolean>;
  status: Defaulted<'new' | 'in_progress' | 'handled'>;
  assignee_id: number | null;
  updated_at: Timestamp;
  search: SearchVector;
}

export interface ContactMessagesTable extends InboxColumns {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  country: string | null;
  company_name: string | null;
  company_location: string | null;
  created_at: Timestamp;
}

export interface RegistrationsTable extends InboxColumns {
  id: Generated<number>;
  user_name: string;
  user_email: string;
  user_country: string;
  created_at: Timestamp;
}

export interface InquiriesTable extends InboxColumns {
  id: Generated<number>;
  user_name: string;
  user_email: string;
  user_country: string;
  phone: string | null;
  message: string;
  company_name: string | null;
  company_location: string | null;
  created_at: Timestamp;
}

export interface ReviewsTable {
  id: Generated<number>;
  product_id: string;
  customer_name: string;
  email: string | null;
  comment: string;
  stars: number;
  client_key: string | null;
  visibility: Defaulted<'visible' | 'hidden' | 'held'>;
  created_at: Timestamp;
}

export interface OutboxTable {
  id: Generated<number>;
  kind: string;
  ref_id: number | null;
  recipient: string;
  /** jsonb: the mail's fields; written as a JSON text or a value pg serialises. */
  payload: ColumnType<Record<string, unknown>, string | undefined, string>;
  attempts: Defaulted<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  sent_at: Date | null;
  created_at: Timestamp;
}

export interface QuoteRequestsTable extends InboxColumns {
  id: Generated<number>;
  /** RFQ-AE-2026-000123, unique; one stored before the branch codes (migration 046) is RFQ-2026-000123. */
  reference: string;
  company_name: string;
  name: string;
  email: string;
  phone: string;
  branch: string;
  delivery_city: string | null;
  /** date: read as a Date at midnight UTC by pg, as a Date by PGlite; written as 'YYYY-MM-DD'. */
  needed_by: ColumnType<Date | string | null, string | null, string | null>;
  notes: string | null;
  language: Defaulted<string>;
  pdf_key_hash: string;
  confirmation_skipped: 'address_cap' | 'hourly_cap' | null;
  created_at: Timestamp;
}

export interface QuoteRequestLinesTable {
  request_id: number;
  line_no: number;
  product_id: string;
  /** The variant's code (migration 030; before it, the product's, its first variant's). */
  product_code: string;
  product_name: string;
  product_name_ar: string;
  /** The variant's label in English and Arabic ('' for a product's only variant). */
  variant_label: Defaulted<string>;
  variant_label_ar: Defaulted<string>;
  unit: string;
  /** numeric(12, 2): read as a string ("2.50"), written as a number or string. */
  quantity: ColumnType<string, number | string, number | string>;
  /**
   * jsonb (migration 038): the part's availability when it was sent, LocationAvailability[] at the branch's location
   * (every location for a branch holding no stock); [] the ERP never named it; null not recorded. Written as JSON text.
   */
  availability: ColumnType<LocationAvailability[] | null, string | null | undefined, string | null>;
}

export interface StaffAccountsTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  role: 'admin' | 'branch' | 'catalogue' | 'release';
  /** The check constraint allows only these (migration 005; db.test.ts holds it to the list); set for branch staff only (migration 014). */
  branch: StaffBranch | null;
  /** The release role's remotes, comma-separated; null for every other role (migration 018). */
  remotes: ColumnType<string | null, string | null | undefined, string | null>;
  disabled: Defaulted<boolean>;
  totp_secret: string | null;
  totp_enabled_at: Date | null;
  totp_last_step: number | null;
  created_at: Timestamp;
  password_changed_at: Timestamp;
  last_sign_in_at: Date | null;
  /** How a quotation names its salesperson (migration 047): '' until the account's holder sets it. */
  display_name: Defaulted<string>;
  /** The salesperson's direct phone on a quotation (migration 047); '' none. */
  direct_phone: Defaulted<string>;
}

export interface StaffRecoveryCodesTable {
  id: Generated<number>;
  account_id: number;
  code_hash: string;
  used_at: Date | null;
  created_at: Timestamp;
}

export interface StaffSessionsTable {
  id: string;
  account_id: number;
  state: 'active' | 'second-factor' | 'totp-setup';
  csrf_token: string;
  pending_totp_secret: string | null;
  created_at: RequiredTimestamp;
  last_seen_at: RequiredTimestamp;
  expires_at: RequiredTimestamp;
}

/** A buyer's account (migration 052): one per verified address. */
export interface BuyerAccountsTable {
  id: Generated<number>;
  /** Lowercase. */
  email: string;
  created_at: Timestamp;
  last_sign_in_at: ColumnType<Date | null, string | null | undefined, string | null>;
}

/** A sign-in link sent (migration 052): its token's SHA-256, never the token. */
export interface BuyerSignInLinksTable {
  id: string;
  email: string;
  language: 'en' | 'ar';
  created_at: RequiredTimestamp;
  expires_at: RequiredTimestamp;
  used_at: ColumnType<Date | null, string | null | undefined, string | null>;
}

/** A buyer's session (migration 052), as staff_sessions. */
export interface BuyerSessionsTable {
  id: string;
  account_id: number;
  csrf_token: string;
  user_agent: Defaulted<string>;
  created_at: RequiredTimestamp;
  last_seen_at: RequiredTimestamp;
  expires_at: RequiredTimestamp;
}

/** A buyer's passkey (migration 054): the credential's id and COSE public key, base64url. */
export interface BuyerPasskeysTable {
  id: string;
  account_id: number;
  public_key: string;
  sign_count: Defaulted<number>;
  /** The authenticator's transports, comma-separated. */
  transports: Defaulted<string>;
  /** The browser and system it was added on ("Chrome — Android"). */
  device: Defaulted<string>;
  created_at: RequiredTimestamp;
  last_used_at: ColumnType<Date | null, string | null | undefined, string | null>;
}

/** A passkey ceremony's challenge (migration 054): its SHA-256, spent once. */
export interface BuyerPasskeyChallengesTable {
  id: string;
  purpose: 'add' | 'sign-in';
  account_id: ColumnType<number | null, number | null | undefined, number | null>;
  expires_at: RequiredTimestamp;
}

/** A buyer's saved list (migration 056): a named basket, most often an uploaded bill of materials. */
export interface BuyerListsTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  /** The uploaded file's name; '' for a list not made from a file. */
  file_name: Defaulted<string>;
  created_at: RequiredTimestamp;
  updated_at: RequiredTimestamp;
}

/** A buyer account's basket (migration 058): its lines as the pages keep them (contracts' basketLineSchema). */
export interface BuyerBasketsTable {
  account_id: number;
  lines: ColumnType<unknown[], string, string>;
  updated_at: RequiredTimestamp;
}

/** A one-time code connecting a browser to an account's basket (migration 058): its SHA-256, and its state's. */
export interface BuyerBasketHandoffsTable {
  code_hash: string;
  account_id: number;
  state_hash: string;
  expires_at: RequiredTimestamp;
  used_at: ColumnType<Date | null, string | null | undefined, string | null>;
}

/** A browser connected to an account's basket (migration 058): its token's SHA-256; whether it merged its own in. */
export interface BuyerBasketBrowsersTable {
  token_hash: string;
  account_id: number;
  merged: Defaulted<boolean>;
  user_agent: Defaulted<string>;
  created_at: RequiredTimestamp;
  last_used_at: RequiredTimestamp;
}

/** A line of a buyer's list (migration 056): the reference and quantity as given, and the variant code matched. */
export interface BuyerListLinesTable {
  list_id: number;
  position: number;
  reference: string;
  quantity: string;
  /** The published variant's code the reference was matched to; null: no part matched it. */
  code: ColumnType<string | null, string | null | undefined, string | null>;
}

/** What happened to a buyer's account (migration 055): its audit log, kept when the account is closed. */
export interface BuyerAccountEventsTable {
  id: Generated<number>;
  account_id: ColumnType<number | null, number | null | undefined, number | null>;
  email: string;
  kind: BuyerAccountEventKind;
  device: Defaulted<string>;
  at: RequiredTimestamp;
  /** What a company's change was about (migration 057): the company's domain or the colleague's address; '' otherwise. */
  detail: Defaulted<string>;
}

/** A buyers' company (migration 057): one per e-mail domain. */
export interface BuyerCompaniesTable {
  id: Generated<number>;
  domain: string;
  name: string;
  created_at: RequiredTimestamp;
}

/** A buyer's place in a company (migration 057): one company an account. */
export interface BuyerCompanyMembersTable {
  account_id: number;
  company_id: number;
  role: 'admin' | 'member';
  joined_at: RequiredTimestamp;
}

/** A closed account's address whose records stay its company's (migration 057). */
export interface BuyerCompanyKeptAddressesTable {
  company_id: number;
  email: string;
  kept_at: RequiredTimestamp;
}

/** An address invited to join a company (migration 057). */
export interface BuyerCompanyInvitationsTable {
  company_id: number;
  email: string;
  /** The administrator's address who invited it. */
  invited_by: string;
  created_at: RequiredTimestamp;
}

export type BuyerAccountEventKind =
  | 'signed-in-by-link'
  | 'signed-in-by-passkey'
  | 'signed-out'
  | 'device-signed-out'
  | 'passkey-added'
  | 'passkey-removed'
  | 'data-downloaded'
  | 'closed'
  | 'company-created'
  | 'company-joined'
  | 'company-invited'
  | 'company-invitation-withdrawn'
  | 'company-member-removed'
  | 'company-left'
  | 'company-admin-made';

export interface StaffSignInFailuresTable {
  key: string;
  at: RequiredTimestamp;
}

export interface StaffAuditLogTable {
  id: Generated<number>;
  at: Timestamp;
  actor_id: number | null;
  actor_email: string | null;
  action: string;
  target: string | null;
  detail: string | null;
  /** jsonb: the entry's values by name (AuditFields), or null; written as a JSON text. */
  fields: ColumnType<AuditFields | null, string | null | undefined, string | null>;
}

export interface StaffNotesTable {
  id: Generated<number>;
  kind: 'contact' | 'registration' | 'enquiry' | 'quote';
  ref_id: number;
  author_id: number;
  text: string;
  created_at: Timestamp;
}

export interface StaffSettingsTable {
  id: Defaulted<boolean>;
  hold_new_reviews: Defaulted<boolean>;
  updated_at: Timestamp;
}

export interface SchemaMigrationsTable {
  version: string;
  name: string;
  checksum: string;
  applied_at: Timestamp;
}

export interface CatalogueCategoriesTable {
  id: string;
  position: number;
  title: string;
  title_ar: string;
  info: string;
  info_ar: string;
  image: string;
  company: string | null;
  updated_at: Timestamp;
  /** Moved on by each save in the staff app (migration 023): its optimistic lock. */
  edit_version: ColumnType<number, number | undefined, number>;
  edited_by_email: ColumnType<string | null, string | null | undefined, string | null>;
  /** Live on the public site, a draft (a duplicate not yet published) or archived (migration 024). */
  state: ColumnType<CategoryState, CategoryState | undefined, CategoryState>;
}

export interface CatalogueBrandsTable {
  name: string;
  logo: string | null;
}

/** A `json` document: read parsed, written as its JSON text (key order kept). */
type JsonDocument = ColumnType<Record<string, unknown>, string, string>;

export interface CatalogueProductsTable {
  id: string;
  category_id: string;
  position: number;
  name: string;
  name_ar: string;
  code: string;
  image: string;
  company: string | null;
  popularity: number;
  /** date: select it as to_char(date_added, 'YYYY-MM-DD') (pg would make a local-midnight Date); written as 'YYYY-MM-DD'. */
  date_added: ColumnType<Date, string, string>;
  unit: string;
  /** numeric(12, 2): read as a string ("9.50"). */
  price: ColumnType<string | null, number | string | null, number | string | null>;
  details: JsonDocument;
  details_ar: JsonDocument;
  /** The specification filters' values ('ip:IP66'), from @site/content/filter-values; null until computed (migration 010). */
  filter_values: string[] | null;
  updated_at: Timestamp;
}

/** A product's orderable variant (migration 029; docs/decisions/034-orderable-variants.md). */
export interface CatalogueProductVariantsTable {
  product_id: string;
  /** 1, 2, …: the product's order of its variants. */
  position: number;
  code: string;
  /** The code's letters and digits, lower-cased (generated): unique over the catalogue. */
  code_key: ColumnType<string, never, never>;
  mpn: string | null;
  mpn_key: ColumnType<string | null, never, never>;
  label: string;
  label_ar: string;
  /** Its specification table row in each language (`json`: key order kept), or null. */
  row: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  row_ar: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  /** numeric(12, 2): read as a string ("12.50"); null: price on request. */
  price: ColumnType<string | null, number | string | null, number | string | null>;
  unit: string;
  pack_quantity: number | null;
  /** Its price breaks beyond its price at 1 (migration 051: `[{quantity, price}]`, prices as "12.50"), or null. */
  price_breaks: ColumnType<{ quantity: number; price: string }[] | null, string | null, string | null>;
  /** The fewest a buyer orders (migration 051), or null. */
  minimum_order: number | null;
  published: Defaulted<boolean>;
  updated_at: Timestamp;
}

/** A product's search row in one language, written by the trigger catalogue_search_sync (migration 011): read, never written. */
/** A broad search's condition, kept with its matches (migration 025). */
export interface CatalogueSearchBroadTable {
  id: Generated<number>;
  locale: 'en' | 'ar';
  /** The condition's and rank's SQL, hashed: what a search looks its condition up by. */
  key: string;
  /** The condition and the rank on a search row aliased `s`, as SQL: what the trigger runs on each row written. */
  condition: string;
  rank: string;
  created_at: Timestamp;
}

/** A match of a broad search's condition: its rank, position, pair and price. */
export interface CatalogueSearchBroadRowsTable {
  broad_id: number;
  product_id: string;
  rank: number;
  position: number;
  facet_set: number;
  price: string | null;
}

/** A broad search's matches counted by their pair of brands and values, with their price range. */
export interface CatalogueSearchBroadPairsTable {
  broad_id: number;
  facet_set: number;
  count: number;
  min: string | null;
  max: string | null;
}

export interface CatalogueSearchTable {
  product_id: string;
  category_id: string;
  position: number;
  /** The code as normalizedProductCode makes it (letters and digits, lower case). */
  code_key: string;
  /** Name, brands and code, folded (catalogue_fold): the rank's text. */
  own: string;
  /** Every word of the name, brands, code and specification (catalogue_words), GIN-indexed: what a term is found in. */
  words: string;
  /** The product's brands, filter values and price (migration 012): what the results page's filters count. */
  brands: string[];
  filter_values: string[];
  price: string | null;
  /** The id of its pair of brands and filter values in catalogue_facet_sets (migration 019): what they are counted by. */
  facet_set: number;
}

/** Each distinct pair of a product's brands and filter values (migration 019), written by the search rows' trigger. */
export interface CatalogueFacetSetsTable {
  id: Generated<number>;
  /** md5 of the two arrays' text: the pair's unique key. */
  key: string;
  brands: string[];
  filter_values: string[];
}

/** The catalogue's words, for "Did you mean …?" (catalogue/searchWords.ts). */
export interface CatalogueSearchWordsTable {
  word: string;
  /** A word of a product's name or brand or of a category's title, not only of a specification (migration 011). */
  named: Defaulted<boolean>;
}

export interface CatalogueStateTable {
  id: Defaulted<boolean>;
  version: Defaulted<number>;
  seeded_at: Date | null;
  changed_at: Timestamp;
}

/** A product's edit counter and pending draft (migration 014; catalogue/staff/). */
export interface CatalogueProductEditsTable {
  product_id: string;
  version: number;
  /** The whole product as the editor saved it (an EditableProduct), or null when nothing is pending. */
  draft: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  draft_based_on: number | null;
  saved_by_id: number | null;
  saved_by_email: string | null;
  saved_at: Timestamp;
}

/** A product's published contents, one row a version (migration 014). */
export interface CatalogueProductHistoryTable {
  product_id: string;
  version: number;
  content: JsonDocument;
  published_by_id: number | null;
  published_by_email: string | null;
  published_at: Timestamp;
  /** What made the version (migration 016): a publish, the content as it was archived or restored, an import (043). */
  action: Defaulted<'publish' | 'archive' | 'unarchive' | 'import' | 'undo-import' | 'bulk-edit'>;
  /** An import's file name (migration 043). */
  note: ColumnType<string | null, string | null | undefined, string | null>;
  /** The staff app's import job that made the version (migration 043). */
  import_job_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The schedule that published the version (migration 044; catalogue/staff/schedule/). */
  publish_schedule_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A product's draft to be published at a time (migration 044; catalogue/staff/schedule/). */
export interface CataloguePublishSchedulesTable {
  id: string;
  product_id: string;
  /** The edit version of the draft it publishes (a draft saved in the editor moves it on). */
  draft_version: number;
  due_at: Date;
  state: Defaulted<'scheduled' | 'published' | 'failed' | 'cancelled'>;
  scheduled_by_id: number;
  scheduled_by_email: string;
  scheduled_at: Timestamp;
  ended_at: Date | null;
  /** Who cancelled it (or published the draft before its time). */
  ended_by_email: string | null;
  /** Why it was not published, in words. */
  failure: string | null;
  published_version: number | null;
}

/**
 * A bulk edit's input (migration 045), fixed when it is sent: the products it changes, and of them only the sizes of
 * `codes` (null: every size), the changes, and what it does in words (the job's name, the versions' note).
 */
export interface BulkEditInput {
  products: string[];
  codes: string[] | null;
  changes: BulkChanges;
  description: string;
  /** A written edit's check (its job id): a check is applied once. */
  appliedCheck?: string;
}

/** A catalogue file's dry run or import as a background job (migration 042; catalogue/staff/imports/). */
export interface CatalogueImportJobsTable {
  id: string;
  kind: 'check' | 'import' | 'undo-check' | 'undo' | 'bulk-check' | 'bulk';
  state: Defaulted<'queued' | 'running' | 'done' | 'refused' | 'failed'>;
  phase: Defaulted<'waiting' | 'reading' | 'checking' | 'writing' | 'finished'>;
  file_name: string;
  file_bytes: number;
  file_sha256: string;
  idempotency_key: string | null;
  staff_id: number;
  staff_email: string;
  created_at: Timestamp;
  started_at: Date | null;
  finished_at: Date | null;
  /** The process running it (its runner's tag), while it runs. */
  runner: string | null;
  heartbeat_at: Date | null;
  attempts: Defaulted<number>;
  rows_total: number | null;
  rows_checked: Defaulted<number>;
  rows_written: Defaulted<number>;
  /** The ImportReport, once done. */
  report: ColumnType<ImportReport | null, string | null | undefined, string | null>;
  failure: string | null;
  /** An undo's import. */
  undo_of: ColumnType<string | null, string | null | undefined, string | null>;
  /** An import's undo, once done. */
  undone_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** A bulk edit's products, sizes and changes (migration 045; catalogue/staff/bulk/). */
  bulk_edit: ColumnType<BulkEditInput | null, string | null | undefined, string | null>;
}

/** A withdrawn product: its catalogue_products row, moved here whole while it is archived (migration 016). */
export interface CatalogueArchivedProductsTable {
  id: string;
  category_id: string;
  name: string;
  name_ar: string;
  code: string;
  /** The product's catalogue_products row as JSON (to_json), put back by json_populate_record when restored. */
  product: ColumnType<Record<string, unknown>, string, string>;
  /** Its variants' rows as JSON (migration 029), put back with it; null for a product archived before variants. */
  variants: ColumnType<Record<string, unknown>[] | null, string | null | undefined, string | null>;
  archived_at: Timestamp;
  archived_by_id: number | null;
  archived_by_email: string | null;
}

/** A release of a remote in the registry (migration 017; releases/registry.ts). */
export interface RemoteReleasesTable {
  id: Generated<number>;
  remote: string;
  version: string;
  /** What the shell registers: a manifest URL, absolute or a path on this server. */
  entry: string;
  notes: string | null;
  registered_by: string;
  registered_at: Timestamp;
  /** When the automatic rollback took it out (migration 026); its promote is refused until an admin registers it again. */
  rolled_back_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Why, in words: "4 of its last 5 loads failed …". */
  rolled_back_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The SHA-256 of its mf-manifest.json as registered (migration 028); null before, and for the variables' releases. */
  manifest_sha256: Generated<string | null>;
  /** Its server-render module as server-render.json named it ('server/render.<hash>.js'); null: not server-rendered. */
  render_module: Generated<string | null>;
  /** That module's SHA-256: only these bytes are ever run for it. */
  render_sha256: Generated<string | null>;
}

/** A remote's live pointers (migration 017). */
export interface RemotePointersTable {
  remote: string;
  stable_id: number;
  previous_stable_id: number | null;
  canary_id: number | null;
  canary_percent: Defaulted<number>;
  /** 'variables': the remote follows REMOTE_*; 'registry': a change came through the registry. */
  source: Defaulted<'variables' | 'registry'>;
  changed_at: Timestamp;
}

/** A release's load totals as browsers and the server reported them (migration 022; releases/releaseHealth.ts). */
export interface RemoteReleaseHealthTable {
  release_id: number;
  /** bigint: counted in SQL, read as strings by pg (Number() them). */
  loads: ColumnType<string | number, number | undefined, number>;
  failures: ColumnType<string | number, number | undefined, number>;
  render_errors: ColumnType<string | number, number | undefined, number>;
}

/** A release's latest load outcomes, as many as the automatic rollback looks at (migration 022). */
export interface RemoteLoadOutcomesTable {
  id: Generated<number>;
  release_id: number;
  failed: boolean;
  /** The server's clock when it was reported (the rollback's window is by time as well as count). */
  created_at: Timestamp;
  /** The client address it came from (migration 026): one address counts only so much. */
  client: Defaulted<string>;
  /** The visitor's session id as the page sent it; null: none sent (counts as a visitor of its own). */
  session: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The registry's version, bumped and announced by every change (migration 017). */
export interface RemoteRegistryStateTable {
  id: Defaulted<boolean>;
  version: Defaulted<number>;
}

/** A deployment pipeline's API token: only its SHA-256 is kept (migration 017). */
export interface ReleaseTokensTable {
  id: Generated<number>;
  name: string;
  token_hash: string;
  /** The remotes it may act on, comma-separated. */
  remotes: string;
  created_by: string;
  created_at: Timestamp;
  expires_at: RequiredTimestamp;
  revoked_at: Date | null;
  last_used_at: Date | null;
  /**
   * What it may do (migration 031): 'release' (its remotes), 'stock' (the stock feed; no remotes), 'orders', or 'qa'
   * (migration 041: one pinned QA run of the one remote it names; releases/qaTokens.ts).
   */
  scope: Defaulted<'release' | 'stock' | 'orders' | 'qa'>;
}

/** Every change of the registry and every use of a token (migration 017). */
export interface ReleaseAuditTable {
  id: Generated<number>;
  at: Timestamp;
  remote: string | null;
  actor: string;
  action: string;
  detail: string | null;
}

/**
 * A bigint of money (a minor unit) or of a rate's digits: written as decimal text, read as text too (select it
 * `::text`): the driver's int8 parser makes a JS number, which is exact only to 2^53.
 */
type ExactInteger = ColumnType<never, string, string>;
/** A date column: written 'YYYY-MM-DD'; read it with to_char (pg and PGlite make different Dates of it). */
type DayColumn = ColumnType<Date | string, string, string>;

/** 1 AED = rate_value / 10^rate_scale of a currency, set by an admin (migration 032; quotations/). */
export interface QuotationCurrencyRatesTable {
  id: Generated<number>;
  currency: 'OMR' | 'BHD' | 'SAR';
  rate_value: ExactInteger;
  rate_scale: number;
  set_by_id: number | null;
  set_by_email: string | null;
  set_at: Timestamp;
}

/** A country's VAT rate in basis points from `starts_on` (migration 032). */
export interface QuotationVatRatesTable {
  country: 'AE' | 'OM' | 'BH' | 'SA';
  starts_on: DayColumn;
  rate_bp: number;
  set_by_id: number | null;
  set_by_email: string | null;
  set_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** The last quotation number given in a branch's year (migration 032): updated in the send's transaction. */
export interface QuotationNumberCountersTable {
  branch: string;
  year: number;
  last_number: number;
}

export interface QuotationsTable {
  id: Generated<number>;
  request_id: number;
  branch: string;
  currency: 'AED' | 'OMR' | 'BHD' | 'SAR';
  rate_value: ExactInteger;
  rate_scale: number;
  rate_id: number | null;
  vat_country: 'AE' | 'OM' | 'BH' | 'SA';
  vat_on: DayColumn;
  valid_until: DayColumn;
  payment_terms: Defaulted<string>;
  delivery_terms: Defaulted<string>;
  buyer_note: Defaulted<string>;
  state: Defaulted<'draft' | 'sent' | 'viewed' | 'changes_asked' | 'accepted' | 'expired' | 'superseded'>;
  /**
   * QT-AE-2026-000001 (-R1…) once sent, unique over the company; one sent before the branch codes (migration 046) is
   * QT-2026-000001, unique with its branch only.
   */
  number: string | null;
  revision: Defaulted<number>;
  previous_id: number | null;
  version: Defaulted<number>;
  created_by_id: number | null;
  created_by_email: string | null;
  created_at: Timestamp;
  updated_by_email: string | null;
  updated_at: Timestamp;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  sent_by_email: string | null;
  /** SHA-256 (hex) of the buyer's link token, set when sent (migration 034). */
  buyer_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  viewed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The Incoterms 2020 rule (migration 047); null: prepared before the document named one. */
  incoterm: ColumnType<Incoterm | null, Incoterm | null | undefined, Incoterm | null>;
  /** The place the rule names ('' none yet). */
  delivery_place: Defaulted<string>;
  /** The seller's and the salesperson's details as sent (migration 047): null for a draft, or one sent before. */
  seller_legal_name: ColumnType<string | null, string | null | undefined, string | null>;
  seller_tax_number: ColumnType<string | null, string | null | undefined, string | null>;
  seller_commercial_registration: ColumnType<string | null, string | null | undefined, string | null>;
  salesperson_name: ColumnType<string | null, string | null | undefined, string | null>;
  salesperson_phone: ColumnType<string | null, string | null | undefined, string | null>;
  salesperson_email: ColumnType<string | null, string | null | undefined, string | null>;
  /** The buyer's token sealed under a key outside the database, bound to the quotation (migration 048): linkSeal.ts. */
  buyer_token_sealed: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A branch's details every quotation it sends names (migration 047): admins keep them on the Rates and VAT page. */
export interface QuotationBranchSettingsTable {
  branch: StaffBranch;
  legal_name: string;
  /** TRN (UAE), VATIN (Oman, Bahrain), VAT number (Saudi Arabia), as typed without spaces. */
  tax_number: string;
  commercial_registration: string;
  updated_by_email: string | null;
  updated_at: Timestamp;
}

/** A buyer's acceptance of a sent quotation, once per quotation (migration 034). */
export interface QuotationAcceptancesTable {
  quotation_id: number;
  name: string;
  position: string;
  po_number: string | null;
  po_file: ColumnType<Buffer | Uint8Array | null, Buffer | null | undefined, Buffer | null>;
  po_file_name: string | null;
  po_file_bytes: number | null;
  accepted_at: Timestamp;
  /** The key of the submission that accepted (migration 048): its retry answers the same. */
  submission_key: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The PO file of a submission that came after the quotation was accepted, kept for the branch (migration 048). */
export interface QuotationLatePurchaseOrdersTable {
  id: Generated<number>;
  quotation_id: number;
  submission_key: string;
  name: string;
  position: string;
  po_number: string | null;
  po_file: ColumnType<Buffer | Uint8Array, Buffer, Buffer>;
  po_file_name: string;
  po_file_bytes: number;
  received_at: Timestamp;
  sent_to_branch_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** The reminder mailed to a sent quotation's salesperson before its validity ends, once per quotation (migration 049). */
export interface QuotationExpiryRemindersTable {
  quotation_id: number;
  recipient: string;
  reminded_at: Timestamp;
}

/** What a buyer asked to change in a sent quotation (migration 034). */
export interface QuotationChangeRequestsTable {
  id: Generated<number>;
  quotation_id: number;
  message: string;
  asked_at: Timestamp;
}

/** An accepted quotation, once, for the ERP (migration 034): its id is the feed's cursor. */
export interface OrdersTable {
  id: Generated<number>;
  quotation_id: number;
  request_id: number;
  request_reference: string;
  branch: string;
  /** Unique but for the numbers sent before the branch codes (migration 046). */
  quotation_number: string;
  currency: string;
  subtotal_minor: ExactInteger;
  vat_minor: ExactInteger;
  total_minor: ExactInteger;
  buyer_company: string;
  buyer_email: string;
  accepted_by_name: string;
  accepted_by_position: string;
  po_number: string | null;
  has_po_file: Defaulted<boolean>;
  /** JSON text of the lines as the quotation had them. */
  lines: ColumnType<unknown, string, string>;
  created_at: Timestamp;
}

export interface QuotationLinesTable {
  quotation_id: number;
  position: number;
  variant_code: string | null;
  description: string;
  unit: Defaulted<string>;
  /** numeric(12, 2): read as a string ("12.50"). */
  quantity: ColumnType<string, string, string>;
  unit_price_minor: ExactInteger;
  discount_bp: Defaulted<number>;
  line_total_minor: ExactInteger;
  vat_rate_bp: number;
  vat_minor: ExactInteger;
  availability_note: Defaulted<string>;
  line_note: Defaulted<string>;
  /**
   * jsonb (migration 047): the part's stock at the branch when the line was priced, LocationAvailability[]; [] the ERP
   * never named it; null not recorded (free text, or priced before the column). Written as JSON text.
   */
  availability: ColumnType<LocationAvailability[] | null, string | null | undefined, string | null>;
  availability_checked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /**
   * The part's Arabic name and label as the line was priced (migration 050); '' none: a line typed by hand, a
   * description retyped by staff, or one priced before the column.
   */
  description_ar: Defaulted<string>;
}

/** Page views by bucket of one metric, per hour and page kind and the release of a remote (migration 033). */
export interface VitalsHistogramsTable {
  remote: string;
  release: string;
  hour: RequiredTimestamp;
  metric: string;
  route: string;
  edition: string;
  device: string;
  bucket: number;
  samples: ColumnType<number, number, number>;
}

/** Page views and distinct sessions per hour, page kind, release of a remote and connection type (migration 033). */
export interface VitalsSessionsTable {
  remote: string;
  release: string;
  hour: RequiredTimestamp;
  route: string;
  edition: string;
  device: string;
  connection: string;
  views: ColumnType<number, number, number>;
  sessions: ColumnType<number, number, number>;
  /** Wide networks first counted for the release that day in this row (migration 040). */
  networks: ColumnType<number, number | undefined, number>;
}

/** Every table, by name: the type parameter of the server's Kysely instance. */
export interface DatabaseSchema {
  contact_messages: ContactMessagesTable;
  registrations: RegistrationsTable;
  inquiries: InquiriesTable;
  reviews: ReviewsTable;
  outbox: OutboxTable;
  quote_requests: QuoteRequestsTable;
  quote_request_lines: QuoteRequestLinesTable;
  staff_accounts: StaffAccountsTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_sessions: StaffSessionsTable;
  buyer_accounts: BuyerAccountsTable;
  buyer_sign_in_links: BuyerSignInLinksTable;
  buyer_sessions: BuyerSessionsTable;
  buyer_passkeys: BuyerPasskeysTable;
  buyer_passkey_challenges: BuyerPasskeyChallengesTable;
  buyer_account_events: BuyerAccountEventsTable;
  buyer_lists: BuyerListsTable;
  buyer_baskets: BuyerBasketsTable;
  buyer_basket_handoffs: BuyerBasketHandoffsTable;
  buyer_basket_browsers: BuyerBasketBrowsersTable;
  buyer_companies: BuyerCompaniesTable;
  buyer_company_members: BuyerCompanyMembersTable;
  buyer_company_invitations: BuyerCompanyInvitationsTable;
  buyer_company_kept_addresses: BuyerCompanyKeptAddressesTable;
  buyer_list_lines: BuyerListLinesTable;
  staff_sign_in_failures: StaffSignInFailuresTable;
  staff_audit_log: StaffAuditLogTable;
  staff_notes: StaffNotesTable;
  staff_settings: StaffSettingsTable;
  schema_migrations: SchemaMigrationsTable;
  catalogue_categories: CatalogueCategoriesTable;
  catalogue_brands: CatalogueBrandsTable;
  catalogue_products: CatalogueProductsTable;
  catalogue_search_en: CatalogueSearchTable;
  catalogue_search_ar: CatalogueSearchTable;
  catalogue_search_words: CatalogueSearchWordsTable;
  catalogue_search_broad: CatalogueSearchBroadTable;
  catalogue_search_broad_rows: CatalogueSearchBroadRowsTable;
  catalogue_search_broad_pairs: CatalogueSearchBroadPairsTable;
  catalogue_facet_sets: CatalogueFacetSetsTable;
  catalogue_state: CatalogueStateTable;
  catalogue_product_edits: CatalogueProductEditsTable;
  catalogue_product_history: CatalogueProductHistoryTable;
  catalogue_import_jobs: CatalogueImportJobsTable;
  catalogue_publish_schedules: CataloguePublishSchedulesTable;
  catalogue_archived_products: CatalogueArchivedProductsTable;
  catalogue_product_variants: CatalogueProductVariantsTable;
  remote_releases: RemoteReleasesTable;
  remote_pointers: RemotePointersTable;
  remote_registry_state: RemoteRegistryStateTable;
  release_tokens: ReleaseTokensTable;
  release_audit: ReleaseAuditTable;
  remote_release_health: RemoteReleaseHealthTable;
  remote_load_outcomes: RemoteLoadOutcomesTable;
  quotation_currency_rates: QuotationCurrencyRatesTable;
  quotation_vat_rates: QuotationVatRatesTable;
  quotation_number_counters: QuotationNumberCountersTable;
  quotations: QuotationsTable;
  quotation_lines: QuotationLinesTable;
  quotation_branch_settings: QuotationBranchSettingsTable;
  quotation_acceptances: QuotationAcceptancesTable;
  quotation_change_requests: QuotationChangeRequestsTable;
  quotation_late_purchase_orders: QuotationLatePurchaseOrdersTable;
  quotation_expiry_reminders: QuotationExpiryRemindersTable;
  orders: OrdersTable;
  vitals_histograms: VitalsHistogramsTable;
  vitals_sessions: VitalsSessionsTable;
  stock_levels: StockLevelsTable;
  stock_state: StockStateTable;
  stock_feeds: StockFeedsTable;
}

/** A variant code's stock at one location, as the ERP last stated it (migration 031). */
export interface StockLevelsTable {
  code_key: string;
  location: 'dubai' | 'muscat' | 'bahrain';
  code: string;
  on_hand: number;
  incoming: Defaulted<number>;
  /** A `date`: read it as text (`incoming_date::text`), never as a Date (the driver would place it in a time zone). */
  incoming_date: ColumnType<string | null, string | null | undefined, string | null>;
  lead_time_days: number | null;
  updated_at: Timestamp;
  feed_id: number | null;
}

/** The stock's version, announced on `stock_changed` (migration 031). */
export interface StockStateTable {
  id: Defaulted<boolean>;
  version: Defaulted<number>;
  changed_at: Date | null;
}

/** A feed of stock and its report, kept 30 days (migration 031). */
export interface StockFeedsTable {
  id: Generated<number>;
  at: Timestamp;
  kind: 'snapshot' | 'delta';
  format: 'json' | 'csv';
  source: 'api' | 'cli';
  actor: string;
  token_id: number | null;
  strict: Defaulted<boolean>;
  outcome: 'applied' | 'refused';
  rows: Defaulted<number>;
  applied: Defaulted<number>;
  changed: Defaulted<number>;
  cleared: Defaulted<number>;
  refused: Defaulted<number>;
  reasons: ColumnType<Record<string, number>, string | undefined, string>;
  refusals: ColumnType<unknown[], string | undefined, string>;
  message: string | null;
  duration_ms: Defaulted<number>;
}

export type Row<T extends keyof DatabaseSchema> = Selectable<DatabaseSchema[T]>;
export type NewRow<T extends keyof DatabaseSchema> = Insertable<DatabaseSchema[T]>;
export type RowUpdate<T extends keyof DatabaseSchema> = Updateable<DatabaseSchema[T]>;
