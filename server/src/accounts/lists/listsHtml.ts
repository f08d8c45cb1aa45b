// The account's lists as the server draws them: the lists with the upload form (a plain multipart form: its CSRF field
// comes before the file, so it is read before the file is), and one list with each line's part, what keeps a line from
// the request (no part, a quantity to correct) with the close parts to choose, the request link and the delete form.
// Every text from a file is escaped and shown as text.
import type { Locale } from '@site/contracts/locale';
import { quoteRequestWithList } from '@site/contracts/quote-api';
import type { QuantityProblem } from '@site/content/validation';
import { escapeHtml } from '../../platform/http/escape.js';
import { accountDateOf, accountDocument, accountPath, type SignedInFrame } from '../accountHtml.js';
import { BOM_LIMITS } from './bomFile.js';
import type { ListPart } from './listCatalogue.js';
import { LIST_NAME_MAX, type SavedList, type SavedListSummary } from './listStore.js';
import { listsTexts } from './listsTexts.js';

export const listsPath = (locale: Locale) => accountPath(locale, '/account/lists');
export const listPath = (locale: Locale, id: number) => accountPath(locale, `/account/lists/${id}`);

/** A code or number: left to right inside Arabic. */
const ltr = (text: string) => `<bdi dir="ltr">${escapeHtml(text)}</bdi>`;
const headRow = (cells: readonly string[]) =>
  `<tr>${cells.map((cell) => `<th scope="col">${escapeHtml(cell)}</th>`).join('')}</tr>`;
const csrfField = (frame: SignedInFrame) => `<input type="hidden" name="csrf" value="${escapeHtml(frame.csrfToken)}">`;

export interface UploadForm {
  name?: string;
  problem?: string;
}

/** A form's field marked invalid, and the alert saying why (`id`: the alert's). */
function invalidField(problem: string | undefined, id: string): { attributes: string; alert: string } {
  if (problem === undefined) return { attributes: '', alert: '' };
  return {
    attributes: ` aria-invalid="true" aria-describedby="${id}"`,
    alert: `<p role="alert" id="${id}">${escapeHtml(problem)}</p>`,
  };
}

/** The lists page's forms as they are shown again after a refusal: the upload's, and the basket's. */
export interface ListsForms {
  upload?: UploadForm;
  basket?: UploadForm;
}

export function listsPage(
  locale: Locale,
  frame: SignedInFrame,
  lists: readonly SavedListSummary[],
  /** How many lines the basket kept in the account holds (0: not kept there, or empty: no form). */
  basketLines: number,
  { upload: form = {}, basket = {} }: ListsForms = {},
): string {
  const t = listsTexts(locale);
  const table =
    lists.length === 0
      ? `<p>${escapeHtml(t.none)}</p>`
      : `<div class="scroll"><table><thead>${headRow([t.nameColumn, t.linesColumn, t.updatedColumn])}</thead><tbody>${lists
          .map(
            (list) =>
              `<tr><th scope="row"><a href="${listPath(locale, list.id)}">${escapeHtml(list.name)}</a></th><td>${ltr(String(list.lines))}</td><td>${escapeHtml(accountDateOf(locale, list.updatedAt))}</td></tr>`,
          )
          .join('')}</tbody></table></div>`;
  const { attributes: invalid, alert: problem } = invalidField(form.problem, 'upload-problem');
  const basketField = invalidField(basket.problem, 'basket-problem');
  const fromBasket =
    basketLines === 0 && basket.problem === undefined
      ? ''
      : `<h2 id="from-basket">${escapeHtml(t.basketTitle)}</h2><p id="basket-hint">${escapeHtml(t.basketHint(basketLines))}</p><form method="post" action="${listsPath(locale)}/basket" aria-labelledby="from-basket">${csrfField(frame)}<label for="basket-list-name">${escapeHtml(t.nameLabel)}</label><input id="basket-list-name" name="name" type="text" required maxlength="${LIST_NAME_MAX}" value="${escapeHtml(basket.name ?? '')}" aria-describedby="basket-hint"${basketField.attributes}>${basketField.alert}<button type="submit">${escapeHtml(t.saveBasket)}</button></form>`;
  const upload = `<h2 id="upload">${escapeHtml(t.uploadTitle)}</h2><p id="upload-hint">${escapeHtml(t.uploadHint(BOM_LIMITS.lines))}</p><form method="post" action="${listsPath(locale)}" enctype="multipart/form-data" aria-labelledby="upload">${csrfField(frame)}<label for="list-name">${escapeHtml(t.nameLabel)}</label><input id="list-name" name="name" type="text" required maxlength="${LIST_NAME_MAX}" value="${escapeHtml(form.name ?? '')}"><label for="list-file">${escapeHtml(t.fileLabel)}</label><input id="list-file" name="file" type="file" required accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" aria-describedby="upload-hint"${invalid}>${problem}<button type="submit">${escapeHtml(t.upload)}</button></form>`;
  return accountDocument(
    locale,
    t.title,
    `<p>${escapeHtml(t.intro)}</p>${table}${fromBasket}${upload}`,
    frame,
    '/account/lists',
  );
}

/** A line of a list as the page shows it: its part (matched), what keeps it from the request, the parts close to it. */
export interface ListLineView {
  position: number;
  reference: string;
  quantity: string;
  part?: ListPart;
  /** Matched to a code the catalogue no longer has. */
  gone?: boolean;
  quantityProblem?: QuantityProblem | 'missing';
  close: readonly ListPart[];
  /** The quantity as the request takes it, when the line is ready. */
  ready?: number;
}

const partName = (locale: Locale, part: ListPart) => {
  const name = locale === 'ar' ? part.nameAr : part.name;
  const label = locale === 'ar' ? part.labelAr : part.label;
  return label === '' ? name : `${name}, ${label}`;
};

function lineRow(locale: Locale, frame: SignedInFrame, listId: number, line: ListLineView): string {
  const t = listsTexts(locale);
  let part: string;
  if (line.part !== undefined) {
    const problem =
      line.quantityProblem === undefined
        ? ''
        : `<p class="mark">${escapeHtml(t.quantityProblem[line.quantityProblem])}</p>`;
    part = `${ltr(line.part.code)} ${escapeHtml(partName(locale, line.part))}${problem}`;
  } else {
    const choices =
      line.close.length === 0
        ? `<p>${escapeHtml(t.noCloseMatch)}</p>`
        : `<p>${escapeHtml(t.closeMatches)}</p><ul>${line.close
            .map(
              (close) =>
                `<li><form method="post" action="${listPath(locale, listId)}/lines/${line.position}">${csrfField(frame)}<input type="hidden" name="code" value="${escapeHtml(close.code)}"><button class="quiet" type="submit" aria-label="${escapeHtml(`${t.use(close.code)}: ${partName(locale, close)}`)}">${escapeHtml(t.use(close.code))}</button> ${escapeHtml(partName(locale, close))}</form></li>`,
            )
            .join('')}</ul>`;
    part = `<p class="mark">${escapeHtml(line.gone === true ? t.partGone : t.noMatch)}</p>${choices}`;
  }
  return `<tr><td>${ltr(String(line.position))}</td><th scope="row"><bdi>${escapeHtml(line.reference)}</bdi></th><td><bdi>${escapeHtml(line.quantity)}</bdi></td><td>${part}</td></tr>`;
}

/** What the rename form shows again when its name was refused: the name typed, and why. */
export interface RenameForm {
  name: string;
  problem: string;
}

export function listPage(
  locale: Locale,
  frame: SignedInFrame,
  list: SavedList,
  lines: readonly ListLineView[],
  renaming?: RenameForm,
): string {
  const t = listsTexts(locale);
  const ready = lines.filter((line) => line.part !== undefined && line.ready !== undefined);
  const request =
    ready.length === 0
      ? `<p>${escapeHtml(t.nothingToRequest)}</p>`
      : `<p><a href="${escapeHtml(
          quoteRequestWithList(
            locale === 'ar' ? '/ar' : '',
            ready.map((line) => ({ code: line.part!.code, quantity: line.ready! })),
          ),
        )}">${escapeHtml(t.request(ready.length))}</a></p>${ready.length < lines.length ? `<p>${escapeHtml(t.leftOut)}</p>` : ''}`;
  const table = `<div class="scroll"><table><thead>${headRow([t.lineColumn, t.referenceColumn, t.quantityColumn, t.partColumn])}</thead><tbody>${lines.map((line) => lineRow(locale, frame, list.id, line)).join('')}</tbody></table></div>`;
  const remove = `<form method="post" action="${listPath(locale, list.id)}/delete">${csrfField(frame)}<button class="quiet" type="submit">${escapeHtml(t.deleteList)}</button></form>`;
  const renameField = invalidField(renaming?.problem, 'rename-problem');
  const rename = `<form method="post" action="${listPath(locale, list.id)}/name">${csrfField(frame)}<label for="list-name">${escapeHtml(t.renameLabel)}</label><input id="list-name" name="name" type="text" required maxlength="${LIST_NAME_MAX}" value="${escapeHtml(renaming?.name ?? list.name)}"${renameField.attributes}>${renameField.alert}<button class="quiet" type="submit">${escapeHtml(t.rename)}</button></form>`;
  return accountDocument(
    locale,
    list.name,
    `<p>${escapeHtml(t.fromFile(list.fileName, accountDateOf(locale, list.updatedAt)))}</p><p role="status">${escapeHtml(t.ready(ready.length, lines.length))}</p>${request}${table}${rename}${remove}`,
    frame,
    `/account/lists/${list.id}`,
  );
}
