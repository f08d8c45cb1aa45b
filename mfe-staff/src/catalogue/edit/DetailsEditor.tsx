import styled from 'styled-components';
import { DescriptionEditor } from './DescriptionEditor';
import {
  blocksOf,
  cellValue,
  descriptionOf,
  productTableOf,
  specificationOf,
  stringList,
  tableDataOf,
  withField,
  type DetailBlock,
  type Details,
  type ProductTable,
  type SpecificationBlock,
} from './detailsModel';
import {
  Fieldset,
  ItemProblem,
  LANG_NAMES,
  langProps,
  LinesEditor,
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

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-width: 0;
  h3 { margin: 8px 0 0; }
`;

const Grid = styled.div`
  overflow-x: auto;
  table { border-collapse: collapse; }
  th, td { padding: 4px; vertical-align: bottom; text-align: start; }
  input { min-width: 7em; }
`;

/**
 * One language's detail document as structured fields; the fields it does not show are kept as they are. The server's
 * problems with it are listed on top, and each is shown again at the description row or specification block its place
 * names.
 */
export function DetailsEditor({
  lang,
  details,
  problems,
  onChange,
}: {
  lang: Lang;
  details: Details;
  problems: readonly DocumentProblem[];
  onChange: (details: Details) => void;
}) {
  const language = LANG_NAMES[lang];
  const set = (field: string, value: unknown) => onChange(withField(details, field, value));
  const table = productTableOf(details);
  return (
    <Column>
      <h3>{`${language} details`}</h3>
      {problems.length > 0 ? (
        <ul aria-label={`Problems in the ${language} details`}>
          {problems.map(({ text }) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
      <LinesEditor
        legend={`${language} summary paragraphs`}
        itemName="paragraph"
        lang={lang}
        multiline
        hint="HTML, e.g. <p>…</p>."
        lines={stringList(details.detail)}
        onChange={(lines) => set('detail', lines)}
      />
      <SpecificationEditor
        lang={lang}
        blocks={specificationOf(details)}
        problems={problems}
        onChange={(blocks) => set('Specification', blocks)}
      />
      <DescriptionEditor
        lang={lang}
        entries={descriptionOf(details)}
        problems={problems}
        onChange={(entries) => set('description', entries)}
      />
      {table !== undefined ? (
        <ProductTableEditor lang={lang} table={table} details={details} onChange={onChange} />
      ) : null}
      <BlocksEditor
        lang={lang}
        title="text blocks after the table"
        blocks={blocksOf(details, 'detailDescription')}
        onChange={(blocks) => set('detailDescription', blocks)}
      />
      <BlocksEditor
        lang={lang}
        title="text blocks before the table"
        blocks={blocksOf(details, 'detailDescriptionAfterTable')}
        onChange={(blocks) => set('detailDescriptionAfterTable', blocks)}
      />
      <Fieldset>
        <legend>{`${language} links`}</legend>
        <SmallLabel>
          {`${language} manufacturer's catalogue (https address)`}
          <input
            type="url"
            dir="ltr"
            value={typeof details.viewManufacturersCatalogue === 'string' ? details.viewManufacturersCatalogue : ''}
            onChange={(event) => set('viewManufacturersCatalogue', event.target.value)}
          />
        </SmallLabel>
      </Fieldset>
    </Column>
  );
}

/** The summary's specification blocks: a title, its lines, and the 'Specification :' lines. */
function SpecificationEditor({
  lang,
  blocks,
  problems,
  onChange,
}: {
  lang: Lang;
  blocks: readonly SpecificationBlock[];
  problems: readonly DocumentProblem[];
  onChange: (blocks: SpecificationBlock[]) => void;
}) {
  const language = LANG_NAMES[lang];
  const setBlock = (index: number, block: SpecificationBlock) => {
    const clean: SpecificationBlock = {};
    if (block.extraSpecTitle) clean.extraSpecTitle = block.extraSpecTitle;
    if (block.extraSpec && block.extraSpec.length > 0) clean.extraSpec = block.extraSpec;
    if (block.specification && block.specification.length > 0) clean.specification = block.specification;
    onChange(replaced(blocks, index, clean));
  };
  return (
    <Fieldset>
      <legend>{`${language} summary specification`}</legend>
      {blocks.map((block, index) => {
        const blockProblems = problemsInItem(problems, 'Specification', index);
        const problemId = `${lang}-specification-block-${index + 1}-problems`;
        return (
          <Fieldset key={index} aria-describedby={blockProblems.length > 0 ? problemId : undefined}>
            <legend>{`Specification block ${index + 1}`}</legend>
            {blockProblems.length > 0 ? (
              <ItemProblem id={problemId} role="note">
                {blockProblems.join(' ')}
              </ItemProblem>
            ) : null}
            <SmallLabel>
              {`Block ${index + 1} title`}
              <input
                {...langProps(lang)}
                type="text"
                value={block.extraSpecTitle ?? ''}
                onChange={(event) => setBlock(index, { ...block, extraSpecTitle: event.target.value })}
              />
            </SmallLabel>
            <LinesEditor
              legend={`Block ${index + 1} titled lines`}
              itemName="line"
              lang={lang}
              lines={block.extraSpec ?? []}
              onChange={(lines) => setBlock(index, { ...block, extraSpec: lines })}
            />
            <LinesEditor
              legend={`Block ${index + 1} specification lines`}
              itemName="line"
              lang={lang}
              lines={block.specification ?? []}
              onChange={(lines) => setBlock(index, { ...block, specification: lines })}
            />
            <div>
              <SmallButton type="button" $variant="secondary" onClick={() => onChange(removed(blocks, index))}>
                {`Remove specification block ${index + 1}`}
              </SmallButton>
            </div>
          </Fieldset>
        );
      })}
      <div>
        <SmallButton type="button" $variant="secondary" onClick={() => onChange([...blocks, { specification: [''] }])}>
          {`Add a ${language} specification block`}
        </SmallButton>
      </div>
    </Fieldset>
  );
}

/** The detail blocks: a heading, paragraphs, a plain table (first row the header), paragraphs after it. */
function BlocksEditor({
  lang,
  title,
  blocks,
  onChange,
}: {
  lang: Lang;
  title: string;
  blocks: readonly DetailBlock[];
  onChange: (blocks: DetailBlock[]) => void;
}) {
  const language = LANG_NAMES[lang];
  const setBlock = (index: number, field: 'title' | 'content' | 'DataAfterTable' | 'table', value: unknown) => {
    const { [field]: _old, ...rest } = blocks[index] ?? {};
    const empty = value === '' || (Array.isArray(value) && value.length === 0);
    onChange(replaced(blocks, index, empty ? rest : { ...rest, [field]: value }));
  };
  return (
    <Fieldset>
      <legend>{`${language} ${title}`}</legend>
      {blocks.map((block, index) => {
        const name = `${title.charAt(0).toUpperCase()}${title.slice(1)}, block ${index + 1}`;
        return (
          <Fieldset key={index}>
            <legend>{`Block ${index + 1}`}</legend>
            <SmallLabel>
              {`${name}: heading (HTML)`}
              <input
                {...langProps(lang)}
                type="text"
                value={block.title ?? ''}
                onChange={(event) => setBlock(index, 'title', event.target.value)}
              />
            </SmallLabel>
            <LinesEditor
              legend={`${name}: paragraphs`}
              itemName="paragraph"
              lang={lang}
              multiline
              lines={block.content ?? []}
              onChange={(lines) => setBlock(index, 'content', lines)}
            />
            <PlainTableEditor
              lang={lang}
              name={`${name}: table`}
              rows={block.table ?? []}
              onChange={(rows) => setBlock(index, 'table', rows)}
            />
            <LinesEditor
              legend={`${name}: paragraphs after the table`}
              itemName="paragraph"
              lang={lang}
              multiline
              lines={block.DataAfterTable ?? []}
              onChange={(lines) => setBlock(index, 'DataAfterTable', lines)}
            />
            <div>
              <SmallButton type="button" $variant="secondary" onClick={() => onChange(removed(blocks, index))}>
                {`Remove ${name}`}
              </SmallButton>
            </div>
          </Fieldset>
        );
      })}
      <div>
        <SmallButton type="button" $variant="secondary" onClick={() => onChange([...blocks, { content: [''] }])}>
          {`Add a block to the ${language} ${title}`}
        </SmallButton>
      </div>
    </Fieldset>
  );
}

/** A plain table: its first row is the header; every row as long as it. */
function PlainTableEditor({
  lang,
  name,
  rows,
  onChange,
}: {
  lang: Lang;
  name: string;
  rows: readonly (readonly string[])[];
  onChange: (rows: string[][]) => void;
}) {
  const width = rows[0]?.length ?? 0;
  const copy = () => rows.map((row) => [...row]);
  return (
    <Fieldset>
      <legend>{name}</legend>
      {rows.length === 0 ? (
        <div>
          <SmallButton
            type="button"
            $variant="secondary"
            onClick={() =>
              onChange([
                ['', ''],
                ['', ''],
              ])
            }
          >
            {`Add a table to ${name.replace(/: table$/, '')}`}
          </SmallButton>
        </div>
      ) : (
        <>
          <Grid>
            <table>
              <tbody>
                {rows.map((row, r) => (
                  <tr key={r}>
                    {row.map((cell, c) => (
                      <td key={c}>
                        <input
                          {...langProps(lang)}
                          type="text"
                          aria-label={`${name}, ${r === 0 ? 'header' : `row ${r}`}, column ${c + 1}`}
                          value={cell}
                          onChange={(event) => {
                            const next = copy();
                            next[r]![c] = event.target.value;
                            onChange(next);
                          }}
                        />
                      </td>
                    ))}
                    <td>
                      <SmallButton
                        type="button"
                        $variant="secondary"
                        aria-label={`Remove ${r === 0 ? 'the header row' : `row ${r}`} of ${name}`}
                        onClick={() => onChange(removed(copy(), r))}
                      >
                        Remove
                      </SmallButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Grid>
          <Row>
            <SmallButton
              type="button"
              $variant="secondary"
              onClick={() => onChange([...copy(), Array.from({ length: width }, () => '')])}
            >
              {`Add a row to ${name}`}
            </SmallButton>
            <SmallButton type="button" $variant="secondary" onClick={() => onChange(copy().map((row) => [...row, '']))}>
              {`Add a column to ${name}`}
            </SmallButton>
            <SmallButton
              type="button"
              $variant="secondary"
              disabled={width <= 1}
              onClick={() => onChange(copy().map((row) => row.slice(0, -1)))}
            >
              {`Remove the last column of ${name}`}
            </SmallButton>
          </Row>
        </>
      )}
    </Fieldset>
  );
}

/** The product table's cells by its leaf columns (its header's structure stays as it is; its names are editable). */
function ProductTableEditor({
  lang,
  table,
  details,
  onChange,
}: {
  lang: Lang;
  table: ProductTable;
  details: Details;
  onChange: (details: Details) => void;
}) {
  const language = LANG_NAMES[lang];
  const name = `${language} product table`;
  const header = details.productDetailTableColumns as { id: string; name: string }[][];
  const setHeaderName = (r: number, c: number, value: string) => {
    const next = header.map((row, at) =>
      at === r ? row.map((cell, index) => (index === c ? { ...cell, name: value } : cell)) : row,
    );
    onChange(withField(details, 'productDetailTableColumns', next));
  };
  const setLeafName = (c: number, value: string) => setHeaderName(header.length - 1, c, value);
  const groupRows = header.slice(0, -1) as { id: string; name: string; colSpan?: number }[][];
  const setRows = (rows: Record<string, string | number>[]) =>
    onChange(withField(details, 'productDetailTableData', tableDataOf(rows)));
  return (
    <Fieldset>
      <legend>{name}</legend>
      <Grid>
        <table>
          <thead>
            {groupRows.map((row, r) => (
              <tr key={`group-${r}`}>
                {row.map((cell, c) => (
                  <th key={cell.id} scope="colgroup" colSpan={cell.colSpan ?? 1}>
                    <input
                      {...langProps(lang)}
                      type="text"
                      aria-label={`${name}, heading row ${r + 1}, heading ${c + 1} (${cell.id})`}
                      value={cell.name}
                      onChange={(event) => setHeaderName(r, c, event.target.value)}
                    />
                  </th>
                ))}
                <td />
              </tr>
            ))}
            <tr>
              {table.columns.map((column, c) => (
                <th key={column.id} scope="col">
                  <input
                    {...langProps(lang)}
                    type="text"
                    aria-label={`${name}, column ${c + 1} name (${column.id})`}
                    value={column.name}
                    onChange={(event) => setLeafName(c, event.target.value)}
                  />
                </th>
              ))}
              <td />
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={r}>
                {table.columns.map((column, c) => (
                  <td key={column.id}>
                    <input
                      {...langProps(lang)}
                      type="text"
                      aria-label={`${name}, row ${r + 1}, column ${c + 1} (${column.name || column.id})`}
                      value={String(row[column.id] ?? '')}
                      onChange={(event) =>
                        setRows(
                          replaced(table.rows, r, {
                            ...row,
                            [column.id]: cellValue(row[column.id], event.target.value),
                          }),
                        )
                      }
                    />
                  </td>
                ))}
                <td>
                  <RowButtons
                    index={r}
                    count={table.rows.length}
                    what={`row ${r + 1} of the ${name}`}
                    onMove={(to) => setRows(moved(table.rows, r, to))}
                    onRemove={() => setRows(removed(table.rows, r))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Grid>
      <div>
        <SmallButton
          type="button"
          $variant="secondary"
          onClick={() => setRows([...table.rows, Object.fromEntries(table.columns.map((column) => [column.id, '']))])}
        >
          {`Add a row to the ${name}`}
        </SmallButton>
      </div>
    </Fieldset>
  );
}
