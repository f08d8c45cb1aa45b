import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, PageContainer } from '@site/shared-ui';
import type { EditableProduct } from '@site/contracts/staff-catalogue-api';
import { PRODUCT_IMAGE_KEYS } from '@site/content';
import { useCategoryOptions } from '../categories/useCategoryOptions';
import { Notice } from '../../ui/Notice';
import { PageHeading } from '../../ui/PageHeading';
import { Actions, StaffField } from '../../ui/StaffField';
import { useCreateProductMutation } from '../catalogueApi';
import { editPath, refusalOf, type FieldProblem } from '../catalogueCalls';
import { CategoryOptionList } from '../categories/CategoryOptionList';

interface NewProductForm {
  id: string;
  code: string;
  productCategoryId: string;
  productName: string;
  productName_ar: string;
}

/** The rest of a new product's content: what the edit page fills in afterwards. */
export function newProductContent(form: Omit<NewProductForm, 'id'>, today: string): EditableProduct {
  return {
    ...form,
    company: '',
    price: '',
    unit: 'piece',
    popularity: '0',
    dateAdded: today,
    image: PRODUCT_IMAGE_KEYS[0],
    details: {},
    details_ar: {},
  };
}

type Field = keyof NewProductForm;
const LABELS: Record<Field, { label: string; hint?: string; lang?: 'ar' }> = {
  id: {
    label: 'Id',
    hint: 'Lower-case letters and digits joined by _, e.g. hex_brass_gland_m20. It is the page address and cannot change.',
  },
  code: { label: 'Code', hint: 'The order code, unique in the catalogue, e.g. HX-BG-M20.' },
  productCategoryId: { label: 'Category' },
  productName: { label: 'English name' },
  productName_ar: { label: 'Arabic name', lang: 'ar' },
};

/**
 * /staff/catalogue/new: a new product's id, code, category and names; the server keeps it as a draft (not public until
 * published) and the edit page opens on it for the rest.
 */
export function NewProductPage() {
  const [createProduct] = useCreateProductMutation();
  const navigate = useNavigate();
  const categoryOptions = useCategoryOptions({ liveOnly: true });
  const [form, setForm] = useState<NewProductForm>({
    id: '',
    code: '',
    productCategoryId: categoryOptions[0]?.id ?? '',
    productName: '',
    productName_ar: '',
  });
  const [refusal, setRefusal] = useState<{ message: string; problems: FieldProblem[] } | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(undefined);
    const { id, ...rest } = form;
    try {
      const created = await createProduct({
        id: id.trim(),
        content: newProductContent(rest, new Date().toISOString().slice(0, 10)),
      }).unwrap();
      void navigate(editPath(created.id));
    } catch (error) {
      const refused = refusalOf(error);
      setRefusal({
        message: refused.message,
        problems:
          refused.kind === 'stale' || refused.problems.length === 0
            ? [{ field: undefined, at: [], text: refused.message }]
            : refused.problems,
      });
      setBusy(false);
    }
  };
  // a refusal's problems at the fields they name (the new id's path is ['id'], a content field's ['content', field])
  const errorOf = (field: Field) =>
    refusal?.problems
      .filter((problem) => problem.field === field)
      .map((problem) => problem.text)
      .join(' ') || undefined;
  const set = (field: Field, value: string) => setForm((current) => ({ ...current, [field]: value }));

  return (
    <PageContainer>
      <PageHeading title="New product" />
      <p>The new product is kept as a draft: the public sees nothing of it until you publish it from its edit page.</p>
      <form aria-label="New product" onSubmit={(event) => void submit(event)}>
        {(Object.keys(LABELS) as Field[]).map((field) => (
          <StaffField key={field} label={LABELS[field].label} hint={LABELS[field].hint} error={errorOf(field)}>
            {(control) =>
              field === 'productCategoryId' ? (
                <select {...control} value={form[field]} onChange={(event) => set(field, event.target.value)}>
                  <CategoryOptionList categories={categoryOptions} />
                </select>
              ) : (
                <input
                  {...control}
                  type="text"
                  required
                  lang={LABELS[field].lang ?? 'en'}
                  dir={LABELS[field].lang === 'ar' ? 'rtl' : 'ltr'}
                  value={form[field]}
                  onChange={(event) => set(field, event.target.value)}
                />
              )
            }
          </StaffField>
        ))}
        <Notice tone="error">{refusal !== undefined ? `Not created: ${refusal.message}` : null}</Notice>
        <Actions>
          <Button type="submit" disabled={busy}>
            Create the draft
          </Button>
          <Link to="/catalogue">Back to the catalogue</Link>
        </Actions>
      </form>
    </PageContainer>
  );
}
