import type { SelectType } from 'kysely';
import type { DatabaseSchema } from './schema.js';

// The migrated database's columns (information_schema: SQL type, nullability), beside schema.ts's types. schema.ts
// stays hand-written: its narrow unions, contract types and notes are what the stores read, and a file generated from
// the database (kysely-codegen) would have none of them. This plain table keeps it in step from both sides:
// - tsc: `satisfies` below demands exactly schema.ts's tables and columns (a missing one is an error, an extra one an
//   excess property), each with a SQL type and nullability that fit its TypeScript type (a `number` column cannot be
//   'text', a `string | null` one must say 'null');
// - schemaColumns.test.ts: a freshly migrated database, PGlite and PostgreSQL, has exactly these columns and types.
// A migration that changes columns changes schema.ts and this table in the same commit, or one of the two fails.

/** The SQL types a column read as `V` may have (bigint and integer are read as numbers, numeric as text). */
type SqlTypeOf<V> = [V] extends [Date]
  ? 'timestamptz' | 'date'
  : [V] extends [boolean]
    ? 'boolean'
    : [V] extends [number]
      ? 'bigint' | 'integer' | 'smallint'
      : [V] extends [string]
        ? 'text' | 'numeric' | 'date' | 'tsvector'
        : [V] extends [Date | string]
          ? 'date'
          : [V] extends [number | string]
            ? 'bigint' | 'numeric'
            : [V] extends [readonly string[]]
              ? 'text[]'
              : [V] extends [Uint8Array]
                ? 'bytea'
                : 'json' | 'jsonb';

/**
 * A column's entry: its SQL type, followed by ' null' when the TypeScript type admits null, or by ' generated' for a
 * generated column, which information_schema calls nullable whatever its expression (schema.ts's type says). A column
 * never selected (ColumnType<never, …>: the staff search's tsvector, exact integers written as text) may be any type,
 * and a JSON column read as `unknown` either nullability: neither says more.
 */
type ColumnEntry<V> = [V] extends [never]
  ? string
  : unknown extends V
    ? 'json' | 'jsonb' | 'json null' | 'jsonb null'
    : `${SqlTypeOf<Exclude<V, null>>} generated` | (null extends V ? `${SqlTypeOf<Exclude<V, null>>} null` : SqlTypeOf<V>);

type SchemaColumns = {
  readonly [T in keyof DatabaseSchema]: { readonly [C in keyof DatabaseSchema[T]]-?: ColumnEntry<SelectType<DatabaseSchema[T][C]>> };
};

/** Every table's columns as the migrations make them. */
export const SCHEMA_COLUMNS = {
  catalogue_archived_products: {
    id: 'text', category_id: 'text', name: 'text', name_ar: 'text', code: 'text', product: 'json',
    archived_at: 'timestamptz', archived_by_id: 'bigint null', archived_by_email: 'text null', variants: 'json null',
  },
  catalogue_brands: {
    name: 'text', logo: 'text null',
  },
  catalogue_categories: {
    id: 'text', position: 'integer', title: 'text', title_ar: 'text', info: 'text', info_ar: 'text', image: 'text',
    company: 'text null', updated_at: 'timestamptz', edit_version: 'integer', edited_by_email: 'text null',
    state: 'text',
  },
  catalogue_facet_sets: {
    id: 'integer', key: 'text', brands: 'text[]', filter_values: 'text[]',
  },
  catalogue_product_edits: {
    product_id: 'text', version: 'bigint', draft: 'json null', draft_based_on: 'bigint null',
    saved_by_id: 'bigint null', saved_by_email: 'text null', saved_at: 'timestamptz',
  },
  catalogue_product_history: {
    product_id: 'text', version: 'bigint', content: 'json', published_by_id: 'bigint null',
    published_by_email: 'text null', published_at: 'timestamptz', action: 'text',
  },
  catalogue_product_variants: {
    product_id: 'text', position: 'integer', code: 'text', code_key: 'text generated', mpn: 'text null',
    mpn_key: 'text generated', label: 'text', label_ar: 'text', row: 'json null', row_ar: 'json null', price: 'numeric null',
    unit: 'text', pack_quantity: 'integer null', published: 'boolean', updated_at: 'timestamptz',
  },
  catalogue_products: {
    id: 'text', category_id: 'text', position: 'integer', name: 'text', name_ar: 'text', code: 'text', image: 'text',
    company: 'text null', popularity: 'integer', date_added: 'date', unit: 'text', price: 'numeric null',
    details: 'json', details_ar: 'json', updated_at: 'timestamptz', filter_values: 'text[] null',
  },
  catalogue_search_ar: {
    product_id: 'text', category_id: 'text', position: 'integer', code_key: 'text', own: 'text', words: 'tsvector',
    brands: 'text[]', filter_values: 'text[]', price: 'numeric null', facet_set: 'integer',
  },
  catalogue_search_broad: {
    id: 'integer', locale: 'text', key: 'text', condition: 'text', rank: 'text', created_at: 'timestamptz',
  },
  catalogue_search_broad_pairs: {
    broad_id: 'integer', facet_set: 'integer', count: 'integer', min: 'numeric null', max: 'numeric null',
  },
  catalogue_search_broad_rows: {
    broad_id: 'integer', product_id: 'text', rank: 'integer', position: 'integer', facet_set: 'integer',
    price: 'numeric null',
  },
  catalogue_search_en: {
    product_id: 'text', category_id: 'text', position: 'integer', code_key: 'text', own: 'text', words: 'tsvector',
    brands: 'text[]', filter_values: 'text[]', price: 'numeric null', facet_set: 'integer',
  },
  catalogue_search_words: {
    word: 'text', named: 'boolean',
  },
  catalogue_state: {
    id: 'boolean', version: 'bigint', seeded_at: 'timestamptz null', changed_at: 'timestamptz',
  },
  contact_messages: {
    id: 'bigint', name: 'text', email: 'text', phone: 'text null', message: 'text', country: 'text null',
    company_name: 'text null', company_location: 'text null', created_at: 'timestamptz', spam: 'boolean',
    status: 'text', assignee_id: 'bigint null', updated_at: 'timestamptz', search: 'tsvector generated',
  },
  inquiries: {
    id: 'bigint', user_name: 'text', user_email: 'text', user_country: 'text', phone: 'text null', message: 'text',
    company_name: 'text null', company_location: 'text null', created_at: 'timestamptz', spam: 'boolean',
    status: 'text', assignee_id: 'bigint null', updated_at: 'timestamptz', search: 'tsvector generated',
  },
  orders: {
    id: 'bigint', quotation_id: 'bigint', request_id: 'bigint', request_reference: 'text', branch: 'text',
    quotation_number: 'text', currency: 'text', subtotal_minor: 'bigint', vat_minor: 'bigint', total_minor: 'bigint',
    buyer_company: 'text', buyer_email: 'text', accepted_by_name: 'text', accepted_by_position: 'text',
    po_number: 'text null', has_po_file: 'boolean', lines: 'json', created_at: 'timestamptz',
  },
  outbox: {
    id: 'bigint', kind: 'text', ref_id: 'bigint null', recipient: 'text', payload: 'jsonb', attempts: 'integer',
    next_attempt_at: 'timestamptz', last_error: 'text null', sent_at: 'timestamptz null', created_at: 'timestamptz',
  },
  quotation_acceptances: {
    quotation_id: 'bigint', name: 'text', position: 'text', po_number: 'text null', po_file: 'bytea null',
    po_file_name: 'text null', po_file_bytes: 'integer null', accepted_at: 'timestamptz',
  },
  quotation_change_requests: {
    id: 'bigint', quotation_id: 'bigint', message: 'text', asked_at: 'timestamptz',
  },
  quotation_currency_rates: {
    id: 'bigint', currency: 'text', rate_value: 'bigint', rate_scale: 'smallint', set_by_id: 'bigint null',
    set_by_email: 'text null', set_at: 'timestamptz',
  },
  quotation_lines: {
    quotation_id: 'bigint', position: 'integer', variant_code: 'text null', description: 'text', unit: 'text',
    quantity: 'numeric', unit_price_minor: 'bigint', discount_bp: 'integer', line_total_minor: 'bigint',
    vat_rate_bp: 'integer', vat_minor: 'bigint', availability_note: 'text', line_note: 'text',
  },
  quotation_number_counters: {
    branch: 'text', year: 'integer', last_number: 'integer',
  },
  quotation_vat_rates: {
    country: 'text', starts_on: 'date', rate_bp: 'integer', set_by_id: 'bigint null', set_by_email: 'text null',
    set_at: 'timestamptz null',
  },
  quotations: {
    id: 'bigint', request_id: 'bigint', branch: 'text', currency: 'text', rate_value: 'bigint', rate_scale: 'smallint',
    rate_id: 'bigint null', vat_country: 'text', vat_on: 'date', valid_until: 'date', payment_terms: 'text',
    delivery_terms: 'text', buyer_note: 'text', state: 'text', number: 'text null', revision: 'integer',
    previous_id: 'bigint null', version: 'integer', created_by_id: 'bigint null', created_by_email: 'text null',
    created_at: 'timestamptz', updated_by_email: 'text null', updated_at: 'timestamptz', sent_at: 'timestamptz null',
    sent_by_email: 'text null', buyer_token_hash: 'text null', viewed_at: 'timestamptz null',
  },
  quote_request_lines: {
    request_id: 'bigint', line_no: 'integer', product_id: 'text', product_code: 'text', product_name: 'text',
    product_name_ar: 'text', unit: 'text', quantity: 'numeric', variant_label: 'text', variant_label_ar: 'text',
    availability: 'jsonb null',
  },
  quote_requests: {
    id: 'bigint', reference: 'text', company_name: 'text', name: 'text', email: 'text', phone: 'text', branch: 'text',
    delivery_city: 'text null', needed_by: 'date null', notes: 'text null', language: 'text', pdf_key_hash: 'text',
    spam: 'boolean', created_at: 'timestamptz', status: 'text', assignee_id: 'bigint null', updated_at: 'timestamptz',
    search: 'tsvector generated', confirmation_skipped: 'text null',
  },
  registrations: {
    id: 'bigint', user_name: 'text', user_email: 'text', user_country: 'text', created_at: 'timestamptz',
    spam: 'boolean', status: 'text', assignee_id: 'bigint null', updated_at: 'timestamptz', search: 'tsvector generated',
  },
  release_audit: {
    id: 'bigint', at: 'timestamptz', remote: 'text null', actor: 'text', action: 'text', detail: 'text null',
  },
  release_tokens: {
    id: 'bigint', name: 'text', token_hash: 'text', remotes: 'text', created_by: 'text', created_at: 'timestamptz',
    expires_at: 'timestamptz', revoked_at: 'timestamptz null', last_used_at: 'timestamptz null', scope: 'text',
  },
  remote_load_outcomes: {
    id: 'bigint', release_id: 'integer', failed: 'boolean', created_at: 'timestamptz', client: 'text',
    session: 'text null',
  },
  remote_pointers: {
    remote: 'text', stable_id: 'bigint', previous_stable_id: 'bigint null', canary_id: 'bigint null',
    canary_percent: 'integer', source: 'text', changed_at: 'timestamptz',
  },
  remote_registry_state: {
    id: 'boolean', version: 'bigint',
  },
  remote_release_health: {
    release_id: 'integer', loads: 'bigint', failures: 'bigint', render_errors: 'bigint',
  },
  remote_releases: {
    id: 'bigint', remote: 'text', version: 'text', entry: 'text', notes: 'text null', registered_by: 'text',
    registered_at: 'timestamptz', rolled_back_at: 'timestamptz null', rolled_back_reason: 'text null',
    manifest_sha256: 'text null', render_module: 'text null', render_sha256: 'text null',
  },
  reviews: {
    id: 'bigint', product_id: 'text', customer_name: 'text', email: 'text null', comment: 'text', stars: 'smallint',
    created_at: 'timestamptz', client_key: 'text null', visibility: 'text',
  },
  schema_migrations: {
    version: 'text', name: 'text', checksum: 'text', applied_at: 'timestamptz',
  },
  staff_accounts: {
    id: 'bigint', email: 'text', password_hash: 'text', role: 'text', branch: 'text null', disabled: 'boolean',
    totp_secret: 'text null', totp_enabled_at: 'timestamptz null', totp_last_step: 'bigint null',
    created_at: 'timestamptz', password_changed_at: 'timestamptz', last_sign_in_at: 'timestamptz null',
    remotes: 'text null',
  },
  staff_audit_log: {
    id: 'bigint', at: 'timestamptz', actor_id: 'bigint null', actor_email: 'text null', action: 'text',
    target: 'text null', detail: 'text null', fields: 'jsonb null',
  },
  staff_notes: {
    id: 'bigint', kind: 'text', ref_id: 'bigint', author_id: 'bigint', text: 'text', created_at: 'timestamptz',
  },
  staff_recovery_codes: {
    id: 'bigint', account_id: 'bigint', code_hash: 'text', used_at: 'timestamptz null', created_at: 'timestamptz',
  },
  staff_sessions: {
    id: 'text', account_id: 'bigint', state: 'text', csrf_token: 'text', pending_totp_secret: 'text null',
    created_at: 'timestamptz', last_seen_at: 'timestamptz', expires_at: 'timestamptz',
  },
  staff_settings: {
    id: 'boolean', hold_new_reviews: 'boolean', updated_at: 'timestamptz',
  },
  staff_sign_in_failures: {
    key: 'text', at: 'timestamptz',
  },
  stock_feeds: {
    id: 'bigint', at: 'timestamptz', kind: 'text', format: 'text', source: 'text', actor: 'text',
    token_id: 'bigint null', strict: 'boolean', outcome: 'text', rows: 'integer', applied: 'integer',
    changed: 'integer', cleared: 'integer', refused: 'integer', reasons: 'json', refusals: 'json', message: 'text null',
    duration_ms: 'integer',
  },
  stock_levels: {
    code_key: 'text', location: 'text', code: 'text', on_hand: 'integer', incoming: 'integer',
    incoming_date: 'date null', lead_time_days: 'integer null', updated_at: 'timestamptz', feed_id: 'bigint null',
  },
  stock_state: {
    id: 'boolean', version: 'bigint', changed_at: 'timestamptz null',
  },
  vitals_histograms: {
    remote: 'text', release: 'text', hour: 'timestamptz', metric: 'text', route: 'text', edition: 'text',
    device: 'text', bucket: 'smallint', samples: 'bigint',
  },
  vitals_sessions: {
    remote: 'text', release: 'text', hour: 'timestamptz', route: 'text', edition: 'text', device: 'text',
    connection: 'text', views: 'bigint', sessions: 'bigint', networks: 'bigint',
  },
} satisfies SchemaColumns;
