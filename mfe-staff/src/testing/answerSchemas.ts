// The contracts' schema of each answer the staff fakes give (contractHttp.ts parses every JSON answer with it), by
// 'METHOD address' as the fakes register it. A refusal (4xx/5xx) is {error, problems?}, as every staff call's is,
// unless its call names other refusals (a 409 of the catalogue editor carries who changed the product and when).
import { matchPath } from 'react-router-dom';
import { CATALOGUE_LOOKUP_API_PATH, CATALOGUE_SEARCH_API_PATH } from '@site/contracts/api';
import { lookupResponseSchema, searchResponseSchema } from '@site/contracts/catalogue-api';
import { quotationLinkHistorySchema, staffOrderListSchema } from '@site/contracts/quotation-link-api-schemas';
import { BRANCH_DETAILS_API, QUOTATIONS_API } from '@site/contracts/quotations-api';
import {
  copiedQuotationSchema,
  copySourceListSchema,
  currencyRateTableSchema,
  branchDetailsTableSchema,
  expiringQuotationListSchema,
  quotationListSchema,
  quotationPartListSchema,
  quotationSchema,
  staleQuotationAnswerSchema,
  vatRateTableSchema,
} from '@site/contracts/quotations-api-schemas';
import { STAFF_QUOTATION_LINK_API } from '@site/contracts/quotation-link-api';
import {
  createdReleaseTokenSchema,
  recordedRunSchema,
  registeredReleaseSchema,
  releaseTokenListSchema,
  remoteListingsSchema,
  remotePointersSchema,
  remoteVitalsReportSchema,
  revokedTokenSchema,
  siteVitalsReportSchema,
} from '@site/contracts/releases-api-schemas';
import { STAFF_API } from '@site/contracts/staff-api';
import {
  auditPageSchema,
  inboxItemDetailSchema,
  inboxPageSchema,
  reviewPageSchema,
  sessionAnswerSchema,
  signInResultSchema,
  staffAccountListSchema,
  staffRefusalSchema,
  staffReviewSchema,
  staffSettingsAnswerSchema,
  stockFeedDetailSchema,
  stockFeedHealthSchema,
  stockFeedListSchema,
  totpConfirmedSchema,
  totpSetupSchema,
} from '@site/contracts/staff-api-answer-schemas';
import {
  deletedProductSchema,
  editorCategoryListSchema,
  editorCategorySchema,
  editorProductPageSchema,
  editorProductSchema,
  importBusySchema,
  importJobListSchema,
  scheduleListSchema,
  importJobSchema,
  missingArabicReportSchema,
  productDiffSchema,
  productVersionListSchema,
  staleEditSchema,
  uploadedDatasheetAnswerSchema,
  uploadedPictureAnswerSchema,
} from '@site/contracts/staff-catalogue-api';

/** What contractHttp.ts needs of a zod schema (the staff app itself has no zod). */
export interface AnswerSchema {
  safeParse(data: unknown): { success: boolean; error?: { message: string } | undefined };
}

interface CallSchemas {
  answer: AnswerSchema;
  /** Each refusal passes one of these. */
  refusals: readonly AnswerSchema[];
}

const plain = (answer: AnswerSchema): CallSchemas => ({ answer, refusals: [staffRefusalSchema] });
/** A change of a product made on a version: its 409 says who changed it meanwhile (or is a sentence). */
const versioned = (answer: AnswerSchema): CallSchemas => ({ answer, refusals: [staffRefusalSchema, staleEditSchema] });
/** A change of a quotation made on a version: its 409 says who saved it meanwhile (or is a sentence: it was sent). */
const quotationChange = (answer: AnswerSchema): CallSchemas => ({
  answer,
  refusals: [staffRefusalSchema, staleQuotationAnswerSchema],
});

const SCHEMAS: Readonly<Record<string, CallSchemas>> = {
  // the session and the sign-in steps
  [`GET ${STAFF_API.session}`]: plain(sessionAnswerSchema),
  [`POST ${STAFF_API.signIn}`]: plain(signInResultSchema),
  [`POST ${STAFF_API.secondFactor}`]: plain(signInResultSchema),
  [`POST ${STAFF_API.totpSetup}`]: plain(totpSetupSchema),
  [`POST ${STAFF_API.totpConfirm}`]: plain(totpConfirmedSchema),
  [`POST ${STAFF_API.signOut}`]: plain(staffRefusalSchema), // 204: no answer to check
  [`GET ${STAFF_API.accounts}`]: plain(staffAccountListSchema),
  // the inbox, reviews, settings, audit log
  [`GET ${STAFF_API.inbox}`]: plain(inboxPageSchema),
  [`GET ${STAFF_API.inboxItem}`]: plain(inboxItemDetailSchema),
  [`POST ${STAFF_API.inboxStatus}`]: plain(inboxItemDetailSchema),
  [`POST ${STAFF_API.inboxAssign}`]: plain(inboxItemDetailSchema),
  [`POST ${STAFF_API.inboxNote}`]: plain(inboxItemDetailSchema),
  [`POST ${STAFF_API.inboxResend}`]: plain(inboxItemDetailSchema),
  [`DELETE ${STAFF_API.inboxDelete}`]: plain(staffRefusalSchema), // 204: no answer to check
  [`GET ${STAFF_API.reviews}`]: plain(reviewPageSchema),
  [`POST ${STAFF_API.reviewVisibility}`]: plain(staffReviewSchema),
  [`GET ${STAFF_API.settings}`]: plain(staffSettingsAnswerSchema),
  [`PUT ${STAFF_API.settings}`]: plain(staffSettingsAnswerSchema),
  [`GET ${STAFF_API.audit}`]: plain(auditPageSchema),
  [`GET ${STAFF_API.buyerAudit}`]: plain(auditPageSchema),
  // the ERP's stock feeds
  [`GET ${STAFF_API.stockFeeds}`]: plain(stockFeedListSchema),
  [`GET ${STAFF_API.stockFeed}`]: plain(stockFeedDetailSchema),
  [`GET ${STAFF_API.stockHealth}`]: plain(stockFeedHealthSchema),
  // the reviews page's product filter: the public catalogue's search and look-up
  [`GET ${CATALOGUE_SEARCH_API_PATH}`]: plain(searchResponseSchema),
  [`GET ${CATALOGUE_LOOKUP_API_PATH}`]: plain(lookupResponseSchema),
  // the quotation editor
  [`GET ${QUOTATIONS_API.quotations}`]: plain(quotationListSchema),
  [`POST ${QUOTATIONS_API.quotations}`]: plain(quotationSchema),
  [`GET ${QUOTATIONS_API.quotation}`]: plain(quotationSchema),
  [`PUT ${QUOTATIONS_API.quotation}`]: quotationChange(quotationSchema),
  [`POST ${QUOTATIONS_API.lines}`]: quotationChange(quotationSchema),
  [`DELETE ${QUOTATIONS_API.line}`]: quotationChange(quotationSchema),
  [`POST ${QUOTATIONS_API.send}`]: quotationChange(quotationSchema),
  [`POST ${QUOTATIONS_API.revise}`]: quotationChange(quotationSchema),
  [`GET ${QUOTATIONS_API.parts}`]: plain(quotationPartListSchema),
  [`GET ${QUOTATIONS_API.copySources}`]: plain(copySourceListSchema),
  [`GET ${QUOTATIONS_API.copyFrom}`]: plain(copiedQuotationSchema),
  [`GET ${QUOTATIONS_API.expiring}`]: plain(expiringQuotationListSchema),
  // sent quotations and orders; exchange and VAT rates
  [`GET ${STAFF_QUOTATION_LINK_API.linkStates}`]: plain(quotationLinkHistorySchema),
  [`GET ${STAFF_QUOTATION_LINK_API.orders}`]: plain(staffOrderListSchema),
  [`GET ${QUOTATIONS_API.currencyRates}`]: plain(currencyRateTableSchema),
  [`PUT ${QUOTATIONS_API.currencyRate}`]: plain(currencyRateTableSchema),
  [`GET ${QUOTATIONS_API.vatRates}`]: plain(vatRateTableSchema),
  [`PUT ${QUOTATIONS_API.vatRates}`]: plain(vatRateTableSchema),
  [`GET ${BRANCH_DETAILS_API.branches}`]: plain(branchDetailsTableSchema),
  [`PUT ${BRANCH_DETAILS_API.branch}`]: plain(branchDetailsTableSchema),
  // the releases console
  [`GET ${STAFF_API.releaseRemotes}`]: plain(remoteListingsSchema),
  [`POST ${STAFF_API.releaseRegister}`]: plain(registeredReleaseSchema),
  [`POST ${STAFF_API.releaseCanary}`]: plain(remotePointersSchema),
  [`POST ${STAFF_API.releasePromote}`]: plain(remotePointersSchema),
  [`POST ${STAFF_API.releaseRollback}`]: plain(remotePointersSchema),
  [`POST ${STAFF_API.releaseRuns}`]: plain(recordedRunSchema),
  [`GET ${STAFF_API.releaseVitals}`]: plain(remoteVitalsReportSchema),
  [`GET ${STAFF_API.siteVitals}`]: plain(siteVitalsReportSchema),
  [`GET ${STAFF_API.releaseTokens}`]: plain(releaseTokenListSchema),
  [`POST ${STAFF_API.releaseTokens}`]: plain(createdReleaseTokenSchema),
  [`POST ${STAFF_API.releaseTokenRevoke}`]: plain(revokedTokenSchema),
  // the catalogue editor
  [`GET ${STAFF_API.catalogueProducts}`]: plain(editorProductPageSchema),
  [`GET ${STAFF_API.catalogueMissingArabic}`]: plain(missingArabicReportSchema),
  [`GET ${STAFF_API.catalogueProduct}`]: plain(editorProductSchema),
  [`PUT ${STAFF_API.catalogueDraft}`]: versioned(editorProductSchema),
  [`POST ${STAFF_API.cataloguePublish}`]: versioned(editorProductSchema),
  [`POST ${STAFF_API.catalogueArchive}`]: versioned(editorProductSchema),
  [`POST ${STAFF_API.catalogueUnarchive}`]: versioned(editorProductSchema),
  [`PUT ${STAFF_API.catalogueSchedule}`]: versioned(editorProductSchema),
  [`POST ${STAFF_API.catalogueScheduleCancel}`]: plain(editorProductSchema),
  [`GET ${STAFF_API.catalogueSchedules}`]: plain(scheduleListSchema),
  [`GET ${STAFF_API.catalogueVersions}`]: plain(productVersionListSchema),
  [`GET ${STAFF_API.catalogueDiff}`]: plain(productDiffSchema),
  [`POST ${STAFF_API.catalogueRestore}`]: versioned(editorProductSchema),
  [`POST ${STAFF_API.catalogueCreate}`]: plain(editorProductSchema),
  [`POST ${STAFF_API.catalogueDuplicate}`]: plain(editorProductSchema),
  [`POST ${STAFF_API.catalogueDeleteNew}`]: versioned(deletedProductSchema),
  [`POST ${STAFF_API.cataloguePictures}`]: plain(uploadedPictureAnswerSchema),
  [`POST ${STAFF_API.catalogueDatasheets}`]: plain(uploadedDatasheetAnswerSchema),
  // an upload answers its job; a 409 names the import running meanwhile
  [`POST ${STAFF_API.catalogueImport}`]: { answer: importJobSchema, refusals: [staffRefusalSchema, importBusySchema] },
  [`GET ${STAFF_API.catalogueImportJobs}`]: plain(importJobListSchema),
  [`GET ${STAFF_API.catalogueImportJob}`]: plain(importJobSchema),
  [`POST ${STAFF_API.catalogueImportUndo}`]: plain(importJobSchema),
  [`POST ${STAFF_API.catalogueBulkEdit}`]: plain(importJobSchema),
  [`GET ${STAFF_API.catalogueCategories}`]: plain(editorCategoryListSchema),
  [`POST ${STAFF_API.catalogueCategories}`]: plain(editorCategorySchema),
  [`GET ${STAFF_API.catalogueCategory}`]: plain(editorCategorySchema),
  [`PUT ${STAFF_API.catalogueCategory}`]: plain(editorCategorySchema),
  [`POST ${STAFF_API.catalogueCategoryDuplicate}`]: plain(editorCategorySchema),
  [`POST ${STAFF_API.catalogueCategoryArchive}`]: plain(editorCategorySchema),
  [`POST ${STAFF_API.catalogueCategoryPublish}`]: plain(editorCategorySchema),
};

/**
 * The schemas of a call ('METHOD address', the address as the contracts write it or a concrete one a test fakes); a
 * call without any has no fake until its schema is named here.
 */
export function answerSchemasOf(call: string): CallSchemas {
  const [method, address = ''] = call.split(' ');
  const schemas =
    SCHEMAS[call] ??
    Object.entries(SCHEMAS).find(([known]) => {
      const [knownMethod, knownAddress = ''] = known.split(' ');
      return knownMethod === method && matchPath({ path: knownAddress, end: true }, address) !== null;
    })?.[1];
  if (schemas === undefined)
    throw new Error(
      `No answer schema for ${call}: name the contracts' schema of its answer in testing/answerSchemas.ts`,
    );
  return schemas;
}
