import { migration001 } from './001_initial.js';
import { migration002 } from './002_submissions.js';
import { migration003 } from './003_review_sources.js';
import { migration004 } from './004_quote_requests.js';
import { migration005 } from './005_staff_accounts.js';
import { migration006 } from './006_staff_inbox.js';
import { migration007 } from './007_confirmation_cap.js';
import { migration008 } from './008_catalogue.js';
import { migration009 } from './009_catalogue_search.js';
import { migration010 } from './010_catalogue_filters.js';
import { migration011 } from './011_catalogue_search_words.js';
import { migration012 } from './012_catalogue_search_facets.js';
import { migration013 } from './013_catalogue_read_indexes.js';
import { migration014 } from './014_catalogue_editor.js';
import { migration016 } from './016_catalogue_archive.js';
import { migration017 } from './017_remote_releases.js';
import { migration018 } from './018_release_role.js';
import { migration019 } from './019_catalogue_facet_sets.js';
import { migration021 } from './021_catalogue_missing_arabic.js';
import { migration022 } from './022_release_health.js';
import { migration023CategoriesEdit } from './023_catalogue_categories_edit.js';
import { migration024CategoryState } from './024_catalogue_category_state.js';
import { migration025SearchBroad } from './025_catalogue_search_broad.js';
import { migration026ReleaseRollbackEvidence } from './026_release_rollback_evidence.js';
import { migration027StaffAuditFields } from './027_staff_audit_fields.js';
import { migration028ReleaseContent } from './028_release_content.js';
import { migration029CatalogueVariants } from './029_catalogue_variants.js';
import { migration030QuoteLineVariants } from './030_quote_line_variants.js';
import { migration031Stock } from './031_stock.js';
import { migration032Quotations } from './032_quotations.js';
import { migration033FieldVitals } from './033_field_vitals.js';
import { migration034QuotationLinks } from './034_quotation_links.js';
import { migration036CatalogueTriggerPlans } from './036_catalogue_trigger_plans.js';
import { migration038QuoteLineAvailability } from './038_quote_line_availability.js';
import { migration039CatalogueVariantDefaultSkip } from './039_catalogue_variant_default_skip.js';
import { migration040VitalsNetworks } from './040_vitals_networks.js';
import { migration041QaTokens } from './041_qa_tokens.js';
import { migration042CatalogueImportJobs } from './042_catalogue_import_jobs.js';
import { migration043CatalogueHistoryImports } from './043_catalogue_history_imports.js';
import { migration044CataloguePublishSchedules } from './044_catalogue_publish_schedules.js';
import { migration045CatalogueBulkEdits } from './045_catalogue_bulk_edits.js';
import { migration046CompanyUniqueNumbers } from './046_company_unique_numbers.js';
import { migration047QuotationDocument } from './047_quotation_document.js';
import { migration048QuotationLaterAnswers } from './048_quotation_later_answers.js';
import { migration049QuotationExpiryReminders } from './049_quotation_expiry_reminders.js';
import { migration050QuotationLineArabic } from './050_quotation_line_arabic.js';
import { migration051CataloguePriceBreaks } from './051_catalogue_price_breaks.js';
import { migration052BuyerAccounts } from './052_buyer_accounts.js';
import { migration053QuoteRequestsByAddress } from './053_quote_requests_by_address.js';
import { migration054BuyerPasskeys } from './054_buyer_passkeys.js';
import { migration055BuyerAccountEvents } from './055_buyer_account_events.js';
import { migration056BuyerLists } from './056_buyer_lists.js';
import { migration057BuyerCompanies } from './057_buyer_companies.js';
import { migration058BuyerBaskets } from './058_buyer_baskets.js';
import { migration059CompanyAdministrators } from './059_company_administrators.js';
import type { Migration } from './types.js';

export type { Migration } from './types.js';

/** Every migration, in order. Add a new file NNN_name.ts and list it here. */
export const MIGRATIONS: readonly Migration[] = [
  migration001,
  migration002,
  migration003,
  migration004,
  migration005,
  migration006,
  migration007,
  migration008,
  migration009,
  migration010,
  migration011,
  migration012,
  migration013,
  migration014,
  migration016,
  migration017,
  migration018,
  migration019,
  migration021,
  migration022,
  migration023CategoriesEdit,
  migration024CategoryState,
  migration025SearchBroad,
  migration026ReleaseRollbackEvidence,
  migration027StaffAuditFields,
  migration028ReleaseContent,
  migration029CatalogueVariants,
  migration030QuoteLineVariants,
  migration031Stock,
  migration032Quotations,
  migration033FieldVitals,
  migration034QuotationLinks,
  migration036CatalogueTriggerPlans,
  migration038QuoteLineAvailability,
  migration039CatalogueVariantDefaultSkip,
  migration040VitalsNetworks,
  migration041QaTokens,
  migration042CatalogueImportJobs,
  migration043CatalogueHistoryImports,
  migration044CataloguePublishSchedules,
  migration045CatalogueBulkEdits,
  migration046CompanyUniqueNumbers,
  migration047QuotationDocument,
  migration048QuotationLaterAnswers,
  migration049QuotationExpiryReminders,
  migration050QuotationLineArabic,
  migration051CataloguePriceBreaks,
  migration052BuyerAccounts,
  migration053QuoteRequestsByAddress,
  migration054BuyerPasskeys,
  migration055BuyerAccountEvents,
  migration056BuyerLists,
  migration057BuyerCompanies,
  migration058BuyerBaskets,
  migration059CompanyAdministrators,
];
