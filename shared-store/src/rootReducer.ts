import { combineSlices } from '@reduxjs/toolkit';
import { menuSlice } from './menu/menuSlice';

/**
 * Slices that remotes inject when their code loads. A remote declares its own slice here by
 * module augmentation, e.g.
 *   declare module '@site/shared-store' {
 *     interface LazyLoadedSlices extends WithSlice<typeof productsCategorySlice> {}
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface LazyLoadedSlices {}

/** The one root reducer of the page: the shell's slices, plus whatever remotes inject at run time. */
export const rootReducer = combineSlices(menuSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;
