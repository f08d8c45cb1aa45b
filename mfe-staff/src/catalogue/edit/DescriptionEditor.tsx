import { useState } from 'react';
import type { DescriptionEntry, DescriptionRow, DescriptionSectionKey } from '@site/content';
import { descriptionEntryKind } from '@site/content/catalogue';
import { DESCRIPTION_SECTIONS, descriptionSection } from '@site/content/data-constants';
import {
  Fieldset,
  ItemProblem,
  LANG_NAMES,
  langProps,
  moved,
  problemsInItem,
  removed,
  replaced,
  Row,
  RowButtons,
  SmallButton,
  SmallLabel,
  type DocumentProblem,
  type Lang,
} from './editorParts';
import { ROW_KIND_LABELS, withKind, withSection, type RowKind } from './detailsModel';

const KINDS = Object.keys(ROW_KIND_LABELS) as RowKind[];

/**
 * The kind a row shows as: the one chosen for it while its text cannot tell yet (a key and value row whose value is
 * still empty reads as a sub-heading; one whose key is still empty as a list item), else the one its key and value say.
 */
export function shownKind(chosen: RowKind | undefined, entry: DescriptionEntry): RowKind {
  const read = descriptionEntryKind(entry);
  if (chosen === 'row' && (entry.value === '' || entry.key === '') && (read === 'subheading' || read === 'item'))
    return 'row';
  if (chosen === 'subheading' && entry.key === '' && entry.value === '') return 'subheading';
  return read;
}

/**
 * The description list of one language as rows: each row's kind (key and value, sub-heading, `-` list item, `^` note,
 * `*` titled section, `%` picture) is chosen from a list and the key's mark follows from it; a table section's
 * key/value rows are sub-rows of their own.
 */
export function DescriptionEditor({
  lang,
  entries,
  problems = [],
  onChange,
}: {
  lang: Lang;
  entries: readonly DescriptionEntry[];
  /** The server's problems with this language's details, each shown at the row its place names (['description', 3, …]). */
  problems?: readonly DocumentProblem[];
  onChange: (entries: DescriptionEntry[]) => void;
}) {
  const language = LANG_NAMES[lang];
  // The kind chosen for each row, moved and removed with its row (the page remounts this editor on a reload).
  const [chosen, setChosen] = useState<(RowKind | undefined)[]>([]);
  const usedSections = new Set(entries.filter((entry) => entry.key.startsWith('*')).map((entry) => entry.key));
  const addRow = () => {
    setChosen((kinds) => [...Array.from({ length: entries.length }, (_, at) => kinds[at]), 'row']);
    onChange([...entries, { key: '', value: '' }]);
  };
  return (
    <Fieldset>
      <legend>{`${language} description`}</legend>
      {entries.map((entry, index) => {
        const what = `row ${index + 1} of the ${language} description`;
        const kind = shownKind(chosen[index], entry);
        const set = (next: DescriptionEntry) => onChange(replaced(entries, index, next));
        const choose = (next: RowKind) => {
          setChosen((kinds) =>
            replaced(
              Array.from({ length: entries.length }, (_, at) => kinds[at]),
              index,
              next,
            ),
          );
          set(withKind(entry, next, usedSections));
        };
        const rowProblems = problemsInItem(problems, 'description', index);
        const problemId = `${lang}-description-row-${index + 1}-problems`;
        return (
          <Row
            key={index}
            role="group"
            aria-label={`${language} description row ${index + 1}`}
            aria-describedby={rowProblems.length > 0 ? problemId : undefined}
          >
            {rowProblems.length > 0 ? (
              <ItemProblem id={problemId} role="note">
                {rowProblems.join(' ')}
              </ItemProblem>
            ) : null}
            <SmallLabel>
              {`Row ${index + 1} kind`}
              <select value={kind} onChange={(event) => choose(event.target.value as RowKind)}>
                {KINDS.map((option) => (
                  <option
                    key={option}
                    value={option}
                    disabled={
                      option === 'section' && kind !== 'section' && usedSections.size >= DESCRIPTION_SECTIONS.length
                    }
                  >
                    {ROW_KIND_LABELS[option]}
                  </option>
                ))}
              </select>
            </SmallLabel>
            <EntryControls
              lang={lang}
              index={index}
              entry={entry}
              kind={kind}
              usedSections={usedSections}
              onChange={set}
            />
            <RowButtons
              index={index}
              count={entries.length}
              what={what}
              onMove={(to) => {
                setChosen((kinds) =>
                  moved(
                    Array.from({ length: entries.length }, (_, at) => kinds[at]),
                    index,
                    to,
                  ),
                );
                onChange(moved(entries, index, to));
              }}
              onRemove={() => {
                setChosen((kinds) =>
                  removed(
                    Array.from({ length: entries.length }, (_, at) => kinds[at]),
                    index,
                  ),
                );
                onChange(removed(entries, index));
              }}
            />
          </Row>
        );
      })}
      <div>
        <SmallButton type="button" $variant="secondary" onClick={addRow}>
          {`Add a row to the ${language} description`}
        </SmallButton>
      </div>
    </Fieldset>
  );
}

function EntryControls({
  lang,
  index,
  entry,
  kind,
  usedSections,
  onChange,
}: {
  lang: Lang;
  index: number;
  entry: DescriptionEntry;
  kind: RowKind;
  usedSections: ReadonlySet<string>;
  onChange: (entry: DescriptionEntry) => void;
}) {
  const n = index + 1;
  const text = typeof entry.value === 'string' ? entry.value : '';
  switch (kind) {
    case 'row':
      return (
        <>
          <SmallLabel>
            {`Row ${n} key`}
            <input
              {...langProps(lang)}
              type="text"
              value={entry.key}
              onChange={(event) => onChange({ ...entry, key: event.target.value })}
            />
          </SmallLabel>
          <SmallLabel className="wide">
            {`Row ${n} value`}
            <input
              {...langProps(lang)}
              type="text"
              value={text}
              onChange={(event) => onChange({ ...entry, value: event.target.value })}
            />
          </SmallLabel>
        </>
      );
    case 'subheading':
      return (
        <SmallLabel className="wide">
          {`Row ${n} sub-heading`}
          <input
            {...langProps(lang)}
            type="text"
            value={entry.key}
            onChange={(event) => onChange({ key: event.target.value.replace(/^[-^%*]+/, ''), value: '' })}
          />
        </SmallLabel>
      );
    case 'item':
    case 'ceilingRose':
      return (
        <SmallLabel className="wide">
          {kind === 'item' ? `Row ${n} list item` : `Row ${n} picture description`}
          <input
            {...langProps(lang)}
            type="text"
            value={text}
            onChange={(event) => onChange({ ...entry, value: event.target.value })}
          />
        </SmallLabel>
      );
    case 'paragraph':
      return (
        <SmallLabel className="wide">
          {`Row ${n} note (HTML)`}
          <textarea
            {...langProps(lang)}
            value={text}
            onChange={(event) => onChange({ ...entry, value: event.target.value })}
          />
        </SmallLabel>
      );
    case 'section': {
      const section = descriptionSection(entry.key);
      return (
        <>
          <SmallLabel>
            {`Row ${n} section`}
            <select
              value={entry.key}
              onChange={(event) => onChange(withSection(entry, event.target.value as DescriptionSectionKey))}
            >
              {section === undefined ? <option value={entry.key}>{`Unknown: ${entry.key}`}</option> : null}
              {DESCRIPTION_SECTIONS.map((option) => (
                <option
                  key={option.key}
                  value={option.key}
                  disabled={option.key !== entry.key && usedSections.has(option.key)}
                >
                  {option.title}
                </option>
              ))}
            </select>
          </SmallLabel>
          {Array.isArray(entry.value) ? (
            <SectionRows
              lang={lang}
              n={n}
              title={section?.title ?? entry.key}
              rows={entry.value}
              onChange={(rows) => onChange({ ...entry, value: rows })}
            />
          ) : (
            <SmallLabel className="wide">
              {`Row ${n} section text (HTML)`}
              <textarea
                {...langProps(lang)}
                value={text}
                onChange={(event) => onChange({ ...entry, value: event.target.value })}
              />
            </SmallLabel>
          )}
        </>
      );
    }
  }
}

/** A table section's key/value rows (its value cells are HTML). At least one row: the schema takes no empty table. */
function SectionRows({
  lang,
  n,
  title,
  rows,
  onChange,
}: {
  lang: Lang;
  n: number;
  title: string;
  rows: readonly DescriptionRow[];
  onChange: (rows: DescriptionRow[]) => void;
}) {
  return (
    <Fieldset className="wide" style={{ flexBasis: '100%' }}>
      <legend>{`${title} table (row ${n})`}</legend>
      {rows.map((row, index) => (
        <Row key={index}>
          <SmallLabel>
            {`${title} row ${index + 1} key`}
            <input
              {...langProps(lang)}
              type="text"
              value={row.key}
              onChange={(event) => onChange(replaced(rows, index, { ...row, key: event.target.value }))}
            />
          </SmallLabel>
          <SmallLabel className="wide">
            {`${title} row ${index + 1} value`}
            <input
              {...langProps(lang)}
              type="text"
              value={row.value}
              onChange={(event) => onChange(replaced(rows, index, { ...row, value: event.target.value }))}
            />
          </SmallLabel>
          <RowButtons
            index={index}
            count={rows.length}
            what={`${title} row ${index + 1}`}
            onMove={(to) => onChange(moved(rows, index, to))}
            onRemove={() => onChange(rows.length > 1 ? removed(rows, index) : [{ key: '', value: '' }])}
          />
        </Row>
      ))}
      <div>
        <SmallButton type="button" $variant="secondary" onClick={() => onChange([...rows, { key: '', value: '' }])}>
          {`Add a ${title} row`}
        </SmallButton>
      </div>
    </Fieldset>
  );
}
