// What the contact remote's tests serve (with MSW, see tools/jest/msw.ts): the branches of the Arabic edition, as the
// server makes them: the English records with their prose replaced from the dictionary content/translations/ar/branches.json.
import { http, HttpResponse } from 'msw';
import type { Branch } from '@site/content';
import englishBranches from '@site/content/data/branches.json';
import arabicTexts from '@site/content/translations/ar/branches.json';
import { localizedDataPath } from '@site/contracts/locale';
import { BRANCHES_PATH } from '../contact/branchesSlice';

const PROSE_FIELDS = ['name', 'label', 'address', 'mapTitle'] as const;
const dictionary = arabicTexts as Record<string, string>;

/** /data/ar/branches.json. */
export const ARABIC_BRANCHES: Branch[] = (englishBranches as Branch[]).map((branch) => ({
  ...branch,
  ...Object.fromEntries(PROSE_FIELDS.map((field) => [field, dictionary[branch[field]] ?? branch[field]])),
}));

export const ARABIC_BRANCHES_PATH = localizedDataPath('ar', BRANCHES_PATH);

export const contactHandlers = [http.get(ARABIC_BRANCHES_PATH, () => HttpResponse.json(ARABIC_BRANCHES))];
