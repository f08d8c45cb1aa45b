import type { MenuItem } from '@site/content';
import type en from '../i18n/en.json';

/** The message ids of the menu's items: 'menu.<id of the item in content/data/menu.json>'. */
export type MenuTextId = Extract<keyof typeof en, `menu.${string}`>;

/**
 * An item's name in the page's language. The names are the shell's messages (its catalog is loaded before the page
 * draws, on both sides, and costs English pages nothing), checked against the data's names and their Arabic
 * dictionary (content/data/menu.json, content/translations/ar/menu.json) by siteText.test.ts.
 */
export const menuTextId = (item: Pick<MenuItem, 'id'>): MenuTextId => `menu.${item.id}` as MenuTextId;
