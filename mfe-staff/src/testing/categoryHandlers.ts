// A small fake of the categories' calls (STAFF_API.catalogueCategories, catalogueCategory, and a category's duplicate,
// archive and publish) for the category screens' tests: categories in memory, optimistic locking by version (409 with
// a sentence), the server's rules for a required title and markup in the introduction and its schema's for the order
// (400: the sentence, and each problem at its field's path), 409 for a taken id (its problem at ['id']), for archiving a category that holds products and for a change its state already is, and the session and
// CSRF checks.
import { HttpResponse } from 'msw';
import { http } from './contractHttp';
import { server } from '@test/msw';
import type { ApiProblem } from '@site/contracts/forms-api';
import { CSRF_HEADER, STAFF_API } from '@site/contracts/staff-api';
import type {
  CategoryState,
  CreateCategoryBody,
  DuplicateCategoryBody,
  EditableCategory,
  EditorCategory,
  EditorCategoryList,
  SaveCategoryBody,
} from '@site/contracts/staff-catalogue-api';
import { fakeStaffServer, sessionOf, staffHandlers, type FakeStaffServer } from './handlers';
import { CATALOGUE_EDITOR } from './catalogueHandlers';

export const glandsCategory = (overrides: Partial<EditableCategory> = {}): EditableCategory => ({
  title: 'Industrial Cable Glands',
  title_ar: 'جلندات الكابلات الصناعية',
  info: 'Brass and nickel-plated cable glands.',
  info_ar: 'جلندات نحاسية ومطلية بالنيكل.',
  image: 'Industrial_Cable_Glands',
  company: 'Hex',
  position: 2,
  ...overrides,
});

export interface FakeCategories {
  categories: EditorCategory[];
}

function problemsOf(content: EditableCategory): ApiProblem[] {
  const problems: ApiProblem[] = [];
  for (const field of ['title', 'title_ar', 'info', 'info_ar'] as const) {
    if (content[field].trim() === '') problems.push({ path: ['content', field], message: `${field} is required` });
    else if (/<[A-Za-z!/?]/.test(content[field]))
      problems.push({
        path: ['content', field],
        message: `${field} is plain text on the site: remove the HTML tags (<…)`,
      });
  }
  return problems;
}

/** The schema's refusal of an order below 0, as the server answers it: the schema's sentence, at the field's path. */
const positionRefused = (content: EditableCategory): Response | undefined =>
  content.position >= 0
    ? undefined
    : HttpResponse.json(
        {
          error: 'position must be 0 or more',
          problems: [{ path: ['content', 'position'], message: 'position must be 0 or more' }],
        },
        { status: 400 },
      );

/** 409: the id is taken, its one problem at the body's id. */
const idTaken = (id: string) => {
  const message = `id: the category "${id}" already exists. Choose another id.`;
  return HttpResponse.json({ error: message, problems: [{ path: ['id'], message }] }, { status: 409 });
};

export function servedCategories(): { fake: FakeStaffServer; categories: FakeCategories } {
  const fake = fakeStaffServer({ session: sessionOf(CATALOGUE_EDITOR) });
  const state: FakeCategories = {
    categories: [
      {
        id: 'cables',
        content: glandsCategory({ title: 'Cables', title_ar: 'كابلات', image: 'Cables', position: 0 }),
        version: 0,
        products: 12,
        state: 'live',
        lastChange: { by: null, at: '2026-11-01T08:00:00.000Z' },
      },
      {
        id: 'industrial_cable_glands',
        content: glandsCategory(),
        version: 0,
        products: 5,
        state: 'live',
        lastChange: { by: null, at: '2026-11-01T08:00:00.000Z' },
      },
    ],
  };
  const refusal = (request: Request): Response | undefined => {
    const current = fake.session;
    if (current === null || current.state !== 'active')
      return HttpResponse.json({ error: 'Please sign in.' }, { status: 401 });
    if (current.account.role === 'branch')
      return HttpResponse.json(
        { error: 'Only the catalogue role and administrators can edit the catalogue.' },
        { status: 403 },
      );
    if (request.method !== 'GET' && request.headers.get(CSRF_HEADER) !== current.csrfToken)
      return HttpResponse.json({ error: 'Stale form.' }, { status: 403 });
    return undefined;
  };
  const invalid = (what: string, problems: ApiProblem[]) =>
    HttpResponse.json(
      {
        error: `The category was not ${what}: ${problems.length} problem${problems.length === 1 ? '' : 's'} to fix: ${problems.map(({ message }) => message).join('; ')}`,
        problems,
      },
      { status: 400 },
    );
  const by = () => fake.session?.account.email ?? null;
  server.use(
    ...staffHandlers(fake),
    http.get(STAFF_API.catalogueCategories, ({ request }) => {
      const refused = refusal(request);
      if (refused) return refused;
      const categories = [...state.categories].sort(
        (a, b) => a.content.position - b.content.position || a.id.localeCompare(b.id),
      );
      return HttpResponse.json<EditorCategoryList>({
        categories: categories.map(({ id, content, products, version, state: categoryState }) => ({
          id,
          title: content.title,
          titleAr: content.title_ar,
          position: content.position,
          products,
          missingArabic: !/[\u0600-\u06FF]/.test(content.title_ar + content.info_ar),
          version,
          state: categoryState,
        })),
      });
    }),
    http.post(STAFF_API.catalogueCategories, async ({ request }) => {
      const refused = refusal(request);
      if (refused) return refused;
      const { id, content } = (await request.json()) as CreateCategoryBody;
      const schema = positionRefused(content);
      if (schema) return schema;
      if (state.categories.some((category) => category.id === id)) return idTaken(id);
      const problems = problemsOf(content);
      if (problems.length > 0) return invalid('created', problems);
      const created: EditorCategory = {
        id,
        content,
        version: 1,
        products: 0,
        state: 'live',
        lastChange: { by: by(), at: '2026-11-26T06:00:00.000Z' },
      };
      state.categories.push(created);
      return HttpResponse.json(created);
    }),
    http.get(STAFF_API.catalogueCategory, ({ request, params }) => {
      const refused = refusal(request);
      if (refused) return refused;
      const found = state.categories.find((category) => category.id === params.id);
      return found
        ? HttpResponse.json(found)
        : HttpResponse.json({ error: 'There is no such category' }, { status: 404 });
    }),
    http.put(STAFF_API.catalogueCategory, async ({ request, params }) => {
      const refused = refusal(request);
      if (refused) return refused;
      const index = state.categories.findIndex((category) => category.id === params.id);
      const found = state.categories[index];
      if (found === undefined) return HttpResponse.json({ error: 'There is no such category' }, { status: 404 });
      const { baseVersion, content } = (await request.json()) as SaveCategoryBody;
      const schema = positionRefused(content);
      if (schema) return schema;
      if (baseVersion !== found.version) {
        return HttpResponse.json(
          {
            error: `${found.lastChange.by ?? 'Someone'} changed this category (version ${found.version}) after you opened version ${baseVersion}. Nothing of yours was saved or lost.`,
          },
          { status: 409 },
        );
      }
      const problems = problemsOf(content);
      if (problems.length > 0) return invalid('saved', problems);
      const saved: EditorCategory = {
        ...found,
        content,
        version: found.version + 1,
        lastChange: { by: by(), at: '2026-11-26T06:00:00.000Z' },
      };
      state.categories[index] = saved;
      return HttpResponse.json(saved);
    }),
    http.post(`${STAFF_API.catalogueCategory}/duplicate`, async ({ request, params }) => {
      const refused = refusal(request);
      if (refused) return refused;
      const source = state.categories.find((category) => category.id === params.id);
      if (source === undefined) return HttpResponse.json({ error: 'There is no such category' }, { status: 404 });
      const { id } = (await request.json()) as DuplicateCategoryBody;
      if (state.categories.some((category) => category.id === id)) return idTaken(id);
      const copy: EditorCategory = {
        id,
        content: {
          ...source.content,
          title: `${source.content.title} (copy)`,
          title_ar: `${source.content.title_ar} (نسخة)`,
        },
        version: 1,
        products: 0,
        state: 'draft',
        lastChange: { by: by(), at: '2026-11-26T06:00:00.000Z' },
      };
      state.categories.push(copy);
      return HttpResponse.json(copy);
    }),
    ...(
      [
        ['archive', 'archived'],
        ['publish', 'live'],
      ] as const
    ).map(([action, next]: readonly [string, CategoryState]) =>
      http.post(`${STAFF_API.catalogueCategory}/${action}`, async ({ request, params }) => {
        const refused = refusal(request);
        if (refused) return refused;
        const index = state.categories.findIndex((category) => category.id === params.id);
        const found = state.categories[index];
        if (found === undefined) return HttpResponse.json({ error: 'There is no such category' }, { status: 404 });
        const { baseVersion } = (await request.json()) as { baseVersion: number };
        if (baseVersion !== found.version)
          return HttpResponse.json(
            {
              error: `Someone changed this category (version ${found.version}) after you opened version ${baseVersion}.`,
            },
            { status: 409 },
          );
        if (found.state === next)
          return HttpResponse.json(
            {
              error:
                next === 'live' ? 'This category is already on the public site.' : 'This category is already archived.',
            },
            { status: 409 },
          );
        if (next === 'archived' && found.products > 0) {
          return HttpResponse.json(
            {
              error: `This category still holds ${found.products} live products: withdraw them from the catalogue or move them to another category first, then archive the category. Nothing was changed.`,
            },
            { status: 409 },
          );
        }
        const changed: EditorCategory = {
          ...found,
          state: next,
          version: found.version + 1,
          lastChange: { by: by(), at: '2026-11-26T06:00:00.000Z' },
        };
        state.categories[index] = changed;
        return HttpResponse.json(changed);
      }),
    ),
  );
  return { fake, categories: state };
}
