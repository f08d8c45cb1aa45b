// The catalogue editor's changes and uploads (STAFF_API.catalogue*, shapes in @site/contracts/staff-catalogue-api), one
// typed endpoint per call: each screen's answer is the contract's type, not a cast at the call site. The lists,
// histories and categories read again after a change; the product being edited does not (its answer replaces it where
// the editor keeps it: catalogueCalls.ts's useProductAnswered), so nothing typed is overwritten by a refetch.
import { STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import { IDEMPOTENCY_KEY_HEADER } from '@site/contracts/staff-catalogue-api';
import type {
  BulkEditBody,
  CreateCategoryBody,
  CreateProductBody,
  DeletedProduct,
  DuplicateCategoryBody,
  EditorCategory,
  EditorProduct,
  ImportJob,
  ImportJobList,
  ScheduleBody,
  ScheduleList,
  SaveCategoryBody,
  SaveDraftBody,
  UploadedDatasheet,
  UploadedPicture,
} from '@site/contracts/staff-catalogue-api';
import { staffApi } from '../api/staffApi';

type Tag = 'CatalogueList' | 'Product' | 'Versions' | 'Categories' | 'Schedules';
/** What an import that wrote makes stale: it may change every product and category. */
export const IMPORTED: Tag[] = ['CatalogueList', 'Product', 'Versions', 'Categories'];
const CHANGED: Tag[] = ['CatalogueList', 'Versions', 'Categories', 'Schedules'];
/** A change's tags to read again: none when it was refused (nothing changed). */
const afterChange = (_answer: unknown, failure: unknown): Tag[] => (failure === undefined ? CHANGED : []);

/** The product changes that take only the version they were made on. */
export type ProductStateAddress =
  | typeof STAFF_API.cataloguePublish
  | typeof STAFF_API.catalogueArchive
  | typeof STAFF_API.catalogueUnarchive;
export type CategoryStateAddress =
  | typeof STAFF_API.catalogueCategoryPublish
  | typeof STAFF_API.catalogueCategoryArchive;
interface StateChange<A extends string> {
  address: A;
  id: string;
  baseVersion: number;
}

/** The one file part of a FormData (its boundary set by fetch). */
function filePart(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

export const catalogueApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    saveProductDraft: build.mutation<EditorProduct, { id: string; body: SaveDraftBody }>({
      query: ({ id, body }) => ({ url: staffApiPath(STAFF_API.catalogueDraft, { id }), method: 'PUT', body }),
      invalidatesTags: afterChange,
    }),
    changeProductState: build.mutation<EditorProduct, StateChange<ProductStateAddress>>({
      query: ({ address, id, baseVersion }) => ({
        url: staffApiPath(address, { id }),
        method: 'POST',
        body: { baseVersion },
      }),
      invalidatesTags: afterChange,
    }),
    restoreProductVersion: build.mutation<EditorProduct, { id: string; version: number; baseVersion: number }>({
      query: ({ id, version, baseVersion }) => ({
        url: staffApiPath(STAFF_API.catalogueRestore, { id, version }),
        method: 'POST',
        body: { baseVersion },
      }),
      invalidatesTags: afterChange,
    }),
    /** Its draft published at a Dubai date and time (a pending schedule moved there). */
    scheduleProductPublish: build.mutation<EditorProduct, { id: string; body: ScheduleBody }>({
      query: ({ id, body }) => ({ url: staffApiPath(STAFF_API.catalogueSchedule, { id }), method: 'PUT', body }),
      invalidatesTags: (_answer, failure) => (failure === undefined ? ['Schedules'] : []),
    }),
    cancelProductSchedule: build.mutation<EditorProduct, { id: string; scheduleId: string }>({
      query: ({ id, scheduleId }) => ({
        url: staffApiPath(STAFF_API.catalogueScheduleCancel, { id }),
        method: 'POST',
        body: { scheduleId },
      }),
      invalidatesTags: (_answer, failure) => (failure === undefined ? ['Schedules'] : []),
    }),
    /** Every pending publish schedule, the soonest first. */
    listSchedules: build.query<ScheduleList, void>({
      query: () => STAFF_API.catalogueSchedules,
      providesTags: ['Schedules'],
    }),
    createProduct: build.mutation<EditorProduct, CreateProductBody>({
      query: (body) => ({ url: STAFF_API.catalogueCreate, method: 'POST', body }),
      invalidatesTags: afterChange,
    }),
    duplicateProduct: build.mutation<EditorProduct, string>({
      query: (id) => ({ url: staffApiPath(STAFF_API.catalogueDuplicate, { id }), method: 'POST', body: {} }),
      invalidatesTags: afterChange,
    }),
    deleteNewProduct: build.mutation<DeletedProduct, { id: string; baseVersion: number }>({
      query: ({ id, baseVersion }) => ({
        url: staffApiPath(STAFF_API.catalogueDeleteNew, { id }),
        method: 'POST',
        body: { baseVersion },
      }),
      invalidatesTags: afterChange,
    }),
    createCategory: build.mutation<EditorCategory, CreateCategoryBody>({
      query: (body) => ({ url: STAFF_API.catalogueCategories, method: 'POST', body }),
      invalidatesTags: afterChange,
    }),
    saveCategory: build.mutation<EditorCategory, { id: string; body: SaveCategoryBody }>({
      query: ({ id, body }) => ({ url: staffApiPath(STAFF_API.catalogueCategory, { id }), method: 'PUT', body }),
      invalidatesTags: afterChange,
    }),
    changeCategoryState: build.mutation<EditorCategory, StateChange<CategoryStateAddress>>({
      query: ({ address, id, baseVersion }) => ({
        url: staffApiPath(address, { id }),
        method: 'POST',
        body: { baseVersion },
      }),
      invalidatesTags: afterChange,
    }),
    duplicateCategory: build.mutation<EditorCategory, { id: string; body: DuplicateCategoryBody }>({
      query: ({ id, body }) => ({
        url: staffApiPath(STAFF_API.catalogueCategoryDuplicate, { id }),
        method: 'POST',
        body,
      }),
      invalidatesTags: afterChange,
    }),
    // an upload changes nothing until the draft that names it is saved
    uploadPicture: build.mutation<UploadedPicture, { id: string; file: File }>({
      query: ({ id, file }) => ({
        url: staffApiPath(STAFF_API.cataloguePictures, { id }),
        method: 'POST',
        body: filePart(file),
      }),
    }),
    uploadDatasheet: build.mutation<UploadedDatasheet, { id: string; file: File }>({
      query: ({ id, file }) => ({
        url: staffApiPath(STAFF_API.catalogueDatasheets, { id }),
        method: 'POST',
        body: filePart(file),
      }),
    }),
    /**
     * A catalogue file sent to be checked (dryRun) or imported: the server answers its job at once (202, or 200 with
     * the job the same key already made), and the job is followed with getImportJob. Nothing is written yet, so only
     * the list of jobs is stale; the catalogue's reads are made stale once the job says it wrote (useImportJob.ts).
     */
    importCatalogue: build.mutation<ImportJob, { dryRun: boolean; file: File; idempotencyKey: string }>({
      query: ({ dryRun, file, idempotencyKey }) => ({
        url: `${STAFF_API.catalogueImport}?dryRun=${dryRun ? '1' : '0'}`,
        method: 'POST',
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
        body: filePart(file),
      }),
      invalidatesTags: (_job, failure) => (failure === undefined ? ['ImportJobs'] : []),
    }),
    /** An import undone as one step (an undo job), or checked first (dryRun): the job to follow. */
    undoImport: build.mutation<ImportJob, { id: string; dryRun: boolean; idempotencyKey: string }>({
      query: ({ id, dryRun, idempotencyKey }) => ({
        url: `${staffApiPath(STAFF_API.catalogueImportUndo, { id })}?dryRun=${dryRun ? '1' : '0'}`,
        method: 'POST',
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
      invalidatesTags: (_job, failure) => (failure === undefined ? ['ImportJobs'] : []),
    }),
    /**
     * A bulk edit of the list's products checked (dryRun) or written (the body names the check's job): the job to
     * follow, as an import's. Nothing is written yet, so only the list of jobs is stale.
     */
    bulkEdit: build.mutation<ImportJob, { body: BulkEditBody; dryRun: boolean; idempotencyKey: string }>({
      query: ({ body, dryRun, idempotencyKey }) => ({
        url: `${STAFF_API.catalogueBulkEdit}?dryRun=${dryRun ? '1' : '0'}`,
        method: 'POST',
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
        body,
      }),
      invalidatesTags: (_job, failure) => (failure === undefined ? ['ImportJobs'] : []),
    }),
    /** A job's state, progress and (once done) report: polled while it is queued or running. */
    getImportJob: build.query<ImportJob, string>({
      query: (id) => staffApiPath(STAFF_API.catalogueImportJob, { id }),
    }),
    /** The running import, if any, and the latest jobs (without their reports). */
    listImportJobs: build.query<ImportJobList, void>({
      query: () => STAFF_API.catalogueImportJobs,
      providesTags: ['ImportJobs'],
    }),
  }),
});

export const {
  useSaveProductDraftMutation,
  useChangeProductStateMutation,
  useRestoreProductVersionMutation,
  useScheduleProductPublishMutation,
  useCancelProductScheduleMutation,
  useListSchedulesQuery,
  useCreateProductMutation,
  useDuplicateProductMutation,
  useDeleteNewProductMutation,
  useCreateCategoryMutation,
  useSaveCategoryMutation,
  useChangeCategoryStateMutation,
  useDuplicateCategoryMutation,
  useUploadPictureMutation,
  useUploadDatasheetMutation,
  useImportCatalogueMutation,
  useUndoImportMutation,
  useBulkEditMutation,
  useGetImportJobQuery,
  useListImportJobsQuery,
} = catalogueApi;
