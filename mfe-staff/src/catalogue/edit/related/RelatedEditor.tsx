// The product's related parts in the editor: a row a link (its kind and a code), added, moved and removed; each
// problem the server found with a link shown at its row. Saved with the draft, live once it is published.
import { useId } from 'react';
import type { Details } from '../detailsModel';
import {
  Fieldset,
  ItemProblem,
  moved,
  problemsInItem,
  removed,
  replaced,
  Row,
  RowButtons,
  SmallButton,
  SmallLabel,
  type DocumentProblem,
} from '../editorParts';
import { RELATED_KIND_NAMES, relatedOf, withRelated, type RelatedKind } from './relatedModel';

export interface RelatedEditorProps {
  /** The English detail document, which keeps the links. */
  details: Details;
  /** The server's problems with the English document (those of `related` are shown here). */
  problems: readonly DocumentProblem[];
  onChange: (details: Details) => void;
}

export function RelatedEditor({ details, problems, onChange }: RelatedEditorProps) {
  const links = relatedOf(details);
  const idBase = useId();
  const set = (next: typeof links) => onChange(withRelated(details, next));
  const general = problems.filter(({ at }) => at[0] === 'related' && typeof at[1] !== 'number');
  return (
    <Fieldset>
      <legend>Accessories and alternatives</legend>
      <p>
        Accessories (shown under &ldquo;Fits with&rdquo;) and alternatives, each by the code of another product or of
        one of its variants (a product&rsquo;s code is its first variant&rsquo;s), in the order the page lists them.
      </p>
      {general.map(({ text }) => (
        <ItemProblem key={text}>{text}</ItemProblem>
      ))}
      {links.map((link, index) => {
        const what = `related part ${index + 1}`;
        const rowProblems = problemsInItem(problems, 'related', index);
        const problemId = `${idBase}-problem-${index}`;
        return (
          <Row key={index}>
            <SmallLabel>
              {`Kind of related part ${index + 1}`}
              <select
                value={link.kind}
                onChange={(event) => set(replaced(links, index, { ...link, kind: event.target.value as RelatedKind }))}
              >
                {(Object.keys(RELATED_KIND_NAMES) as RelatedKind[]).map((kind) => (
                  <option key={kind} value={kind}>
                    {RELATED_KIND_NAMES[kind]}
                  </option>
                ))}
              </select>
            </SmallLabel>
            <SmallLabel className="wide">
              {`Code of related part ${index + 1}`}
              <input
                type="text"
                dir="ltr"
                autoCapitalize="characters"
                spellCheck={false}
                value={link.code}
                aria-invalid={rowProblems.length > 0 || undefined}
                aria-describedby={rowProblems.length > 0 ? problemId : undefined}
                onChange={(event) => set(replaced(links, index, { ...link, code: event.target.value.trim() }))}
              />
            </SmallLabel>
            <RowButtons
              index={index}
              count={links.length}
              what={what}
              onMove={(to) => set(moved(links, index, to))}
              onRemove={() => set(removed(links, index))}
            />
            {rowProblems.length > 0 ? <ItemProblem id={problemId}>{rowProblems.join(' ')}</ItemProblem> : null}
          </Row>
        );
      })}
      <div>
        <SmallButton
          type="button"
          $variant="secondary"
          onClick={() => set([...links, { kind: 'accessory', code: '' }])}
        >
          Add a related part
        </SmallButton>
      </div>
    </Fieldset>
  );
}
