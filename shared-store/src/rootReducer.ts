import { combineSlices } from '@reduxjs/toolkit';
import { menuSlice } from './menu/menuSlice';
import { quoteBasketSlice } from './quote-basket/quoteBasketSlice';

/**
 * Slices that remotes inject when their code loads. A remote declares its own slice here by
 * module augmentation, e.g.
 *   declare module '@site/shared-store' {
 *     interface LazyLoadedSlices extends WithSlice<typeof productsCategorySlice> {}
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface LazyLoadedSlices {}

/**
 * The one root reducer of the page: the shell's slices (the quote basket is one: every remote reads or changes it, and it
 * must outlive a remote that fails to load), plus whatever remotes inject at run time.
 */
export const rootReducer = combineSlices(menuSlice, quoteBasketSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;
