// /staff/catalogue-categories/<id> and …/new: every field of a category, English and Arabic side by side. A save of a
// live category is live at once (a category's texts have no draft); it sends the version the form was loaded at, and a
// 409 (someone saved meanwhile) keeps the form as typed and offers to load their version. A 400's problems show at the
// fields their paths name (the notice says them all). Below the form: publishing, archiving and duplicating it
// (CategoryStateSection).
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button, LoadError, PageContainer, Spinner } from '@site/shared-ui';
import type { EditableCategory, EditorCategory, EditorCategoryList } from '@site/contracts/staff-catalogue-api';
import { CATEGORY_IMAGE_KEYS } from '@site/content';
import { Notice } from '../../ui/Notice';
import { PageHeading } from '../../ui/PageHeading';
import { Actions, FieldRow, StaffField } from '../../ui/StaffField';
import { staffResource } from '../../ui/staffResource';
import { useCatalogueCategoriesQuery, useCatalogueCategoryQuery } from '../../api/staffApi';
import { useCreateCategoryMutation, useSaveCategoryMutation } from '../catalogueApi';
import { CATEGORIES_PATH, categoryEditPath, refusalOf, type FieldProblem } from '../catalogueCalls';
import { CategoryStateSection } from './CategoryStateSection';

type Field = keyof EditableCategory | 'id';
const TEXT_FIELDS: readonly {
  field: 'title' | 'title_ar' | 'info' | 'info_ar';
  label: string;
  arabic: boolean;
  long: boolean;
}[] = [
  { field: 'title', label: 'English title', arabic: false, long: false },
  { field: 'title_ar', label: 'Arabic title', arabic: true, long: false },
  { field: 'info', label: 'English introduction', arabic: false, long: true },
  { field: 'info_ar', label: 'Arabic introduction', arabic: true, long: true },
];

const EMPTY: EditableCategory = {
  title: '',
  title_ar: '',
  info: '',
  info_ar: '',
  image: CATEGORY_IMAGE_KEYS[0],
  company: '',
  position: 0,
};

export function CategoryEditPage() {
  const { id = 'new' } = useParams();
  // a page of its own per category: opening a copy (or the category just created) starts from what the server holds
  return <CategoryEditor key={id} id={id} />;
}

function CategoryEditor({ id }: { id: string }) {
  const creating = id === 'new';
  // the new-category form reads the list (the ids taken), an edit its category
  const list = useCatalogueCategoriesQuery(undefined, { skip: !creating });
  const one = useCatalogueCategoryQuery(id, { skip: creating });
  const { resource, retry } = staffResource<EditorCategory | EditorCategoryList>(creating ? list : one);
  const [createCategory] = useCreateCategoryMutation();
  const [saveCategory] = useSaveCategoryMutation();
  const navigate = useNavigate();
  const [newId, setNewId] = useState('');
  // the staff's edits and the version of their last save, over what was loaded (both cleared to load the latest)
  const [edits, setEdits] = useState<EditableCategory | undefined>();
  const [savedVersion, setSavedVersion] = useState<number | undefined>();
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string; stale?: boolean } | undefined>();
  const [busy, setBusy] = useState(false);
  // the category as the server last answered a save or a change of state, over what was loaded
  const [latest, setLatest] = useState<EditorCategory | undefined>();

  const data = resource.data;
  const loaded = latest ?? (data !== undefined && !('categories' in data) ? data : undefined);
  // a new category goes last: one past the largest position
  const blank =
    data !== undefined && 'categories' in data
      ? { ...EMPTY, position: Math.max(0, ...data.categories.map((category) => category.position + 1)) }
      : undefined;
  const form = edits ?? loaded?.content ?? blank;
  const version = savedVersion ?? loaded?.version ?? 0;
  const set = <K extends keyof EditableCategory>(field: K, value: EditableCategory[K]) => {
    if (form !== undefined) setEdits({ ...form, [field]: value });
  };
  // each problem at the field its path names (['content', 'title_ar'], a taken id's ['id']); the notice says them all
  const errorOf = (field: Field) =>
    problems
      .filter((problem) => problem.field === field)
      .map(({ text }) => text)
      .join(' ') || undefined;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form === undefined) return;
    setBusy(true);
    setNotice(undefined);
    setProblems([]);
    try {
      if (creating) {
        const created = await createCategory({ id: newId.trim(), content: form }).unwrap();
        void navigate(categoryEditPath(created.id));
        return;
      }
      const saved = await saveCategory({ id, body: { baseVersion: version, content: form } }).unwrap();
      setEdits(saved.content);
      setSavedVersion(saved.version);
      setLatest(saved);
      setNotice({
        tone: 'success',
        text: `Saved (version ${saved.version}). ${saved.state === 'live' ? 'The public pages show it now.' : 'It is not on the public site.'}`,
      });
    } catch (error) {
      const refused = refusalOf(error);
      // a 400's problems, or a 409's about the id taken (a save beaten by someone else's names none)
      if (refused.kind !== 'stale') setProblems(refused.problems);
      setNotice({
        tone: 'error',
        text: `Not ${creating ? 'created' : 'saved'}: ${refused.message}`,
        stale: refused.kind === 'other' && refused.status === 409 && !creating,
      });
    } finally {
      setBusy(false);
    }
  };

  const loadLatest = () => {
    setNotice(undefined);
    setEdits(undefined);
    setSavedVersion(undefined);
    setLatest(undefined);
    retry();
  };
  const dirty = edits !== undefined && loaded !== undefined && JSON.stringify(edits) !== JSON.stringify(loaded.content);

  const title = creating ? 'New category' : `Category: ${loaded?.content.title ?? id}`;
  return (
    <PageContainer>
      <PageHeading title={title} />
      <p>
        <Link to={CATEGORIES_PATH}>Back to the categories</Link>
      </p>
      {resource.status === 'loading' && form === undefined ? <Spinner label="Loading the category" /> : null}
      {resource.status === 'failed' ? (
        <LoadError message={`The category could not be loaded. ${resource.error}`} onRetry={retry} />
      ) : null}
      {loaded !== undefined ? (
        <p>
          {loaded.products.toLocaleString('en')} product{loaded.products === 1 ? '' : 's'} in it. Version{' '}
          {loaded.version}
          {loaded.lastChange.by !== null ? `, last saved by ${loaded.lastChange.by}` : ''}.
        </p>
      ) : null}
      {form !== undefined ? (
        <form aria-label={creating ? 'New category' : 'Edit the category'} onSubmit={(event) => void submit(event)}>
          {creating ? (
            <StaffField
              label="Id"
              hint="Letters and digits, words joined by _, e.g. cable_trays. It is the page address and cannot change."
              error={errorOf('id')}
            >
              {(control) => (
                <input
                  {...control}
                  type="text"
                  required
                  value={newId}
                  onChange={(event) => setNewId(event.target.value)}
                />
              )}
            </StaffField>
          ) : null}
          <FieldRow>
            {TEXT_FIELDS.map(({ field, label, arabic, long }) => (
              <StaffField
                key={field}
                label={label}
                hint={long ? 'One paragraph of plain text, shown on the category card.' : undefined}
                error={errorOf(field)}
              >
                {(control) =>
                  long ? (
                    <textarea
                      {...control}
                      required
                      rows={4}
                      cols={40}
                      lang={arabic ? 'ar' : 'en'}
                      dir={arabic ? 'rtl' : 'ltr'}
                      value={form[field]}
                      // one paragraph: a line break typed becomes a space
                      onChange={(event) => set(field, event.target.value.replace(/\r?\n/g, ' '))}
                    />
                  ) : (
                    <input
                      {...control}
                      type="text"
                      required
                      lang={arabic ? 'ar' : 'en'}
                      dir={arabic ? 'rtl' : 'ltr'}
                      value={form[field]}
                      onChange={(event) => set(field, event.target.value)}
                    />
                  )
                }
              </StaffField>
            ))}
          </FieldRow>
          <FieldRow>
            <StaffField label="Picture" hint="The category's illustration on the site." error={errorOf('image')}>
              {(control) => (
                <select {...control} value={form.image} onChange={(event) => set('image', event.target.value)}>
                  {CATEGORY_IMAGE_KEYS.map((key) => (
                    <option key={key} value={key}>
                      {key.replace(/_/g, ' ')}
                    </option>
                  ))}
                </select>
              )}
            </StaffField>
            <StaffField
              label="Brand line"
              hint="Shown on the category card; leave empty for none."
              error={errorOf('company')}
            >
              {(control) => (
                <input
                  {...control}
                  type="text"
                  value={form.company}
                  onChange={(event) => set('company', event.target.value)}
                />
              )}
            </StaffField>
            <StaffField label="Order" hint="Smaller first on the categories page." error={errorOf('position')}>
              {(control) => (
                <input
                  {...control}
                  type="number"
                  min={0}
                  step={1}
                  required
                  value={form.position}
                  onChange={(event) => set('position', Number(event.target.value))}
                />
              )}
            </StaffField>
          </FieldRow>
          <Notice tone={notice?.tone ?? 'info'}>{notice?.text ?? null}</Notice>
          <Actions>
            <Button type="submit" disabled={busy}>
              {creating || loaded?.state === 'live' ? (creating ? 'Create the category' : 'Save and publish') : 'Save'}
            </Button>
            {notice?.stale === true ? (
              <Button type="button" $variant="secondary" onClick={loadLatest}>
                Load the latest version
              </Button>
            ) : null}
          </Actions>
        </form>
      ) : null}
      {loaded !== undefined && !creating ? (
        <CategoryStateSection
          category={loaded}
          dirty={dirty}
          onChanged={(changed) => {
            setLatest(changed);
            setEdits(undefined);
            setSavedVersion(undefined);
            setNotice(undefined);
          }}
        />
      ) : null}
    </PageContainer>
  );
}
