// Node-only checks of the whole content folder: every data file against its schema, plus the files they point to.
// Used by scripts/validate-content.ts, scripts/build-content.ts and the tests. Not exported from index.ts.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { DATA_FILES, type DataFileName } from './schema';
import { CATEGORY_IMAGE_KEYS } from './types';

/** Upper size limit of a category illustration (they are meant to stay around 4 KB). */
export const MAX_CATEGORY_SVG_BYTES = 5 * 1024;

/**
 * Structural checks of an SVG file: a single well-nested <svg> root with a <title> and role="img",
 * and nothing active or external (scripts, event handlers, foreignObject, external href/url()).
 * Returns the problems found (empty when the SVG is fine).
 */
export function checkSvg(source: string): string[] {
  const problems: string[] = [];
  const body = source.replace(/^\uFEFF/, '').trim();
  if (!body.startsWith('<svg')) problems.push('does not start with <svg');
  if (!body.endsWith('</svg>')) problems.push('does not end with </svg>');
  if (!/^<svg[^>]*\sxmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(body)) problems.push('root <svg> lacks the SVG xmlns');
  if (!/^<svg[^>]*\sviewBox="[\d.\s-]+"/.test(body)) problems.push('root <svg> lacks a viewBox');
  if (!/^<svg[^>]*\srole="img"/.test(body)) problems.push('root <svg> lacks role="img"');
  if (!/<title(?:\s[^>]*)?>[^<]+<\/title>/.test(body)) problems.push('no non-empty <title>');
  if (/<script/i.test(body)) problems.push('contains <script>');
  if (/<foreignObject/i.test(body)) problems.push('contains <foreignObject>');
  if (/\son[a-z]+\s*=/i.test(body)) problems.push('contains an event handler attribute');
  if (/<!DOCTYPE|<!ENTITY/i.test(body)) problems.push('contains a DOCTYPE or ENTITY declaration');
  if (/@import|@font-face/i.test(body)) problems.push('contains @import or @font-face');
  for (const m of body.matchAll(/(?:xlink:)?href\s*=\s*["']([^"']*)["']/g)) {
    if (!m[1]?.startsWith('#')) problems.push(`external reference href="${m[1] ?? ''}"`);
  }
  for (const m of body.matchAll(/url\(\s*['"]?([^)'"]*)/g)) {
    if (!m[1]?.startsWith('#')) problems.push(`external reference url(${m[1] ?? ''})`);
  }

  // Well-formedness: tags nest properly, with exactly one root element.
  const stack: string[] = [];
  let roots = 0;
  const withoutComments = body.replace(/<!--[\s\S]*?-->/g, '');
  for (const m of withoutComments.matchAll(/<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<[^>]*>?/g)) {
    const [tag, closing, name, , selfClosing] = m;
    if (name === undefined) {
      if (!tag.startsWith('<?')) problems.push(`malformed tag ${tag.slice(0, 40)}`);
      continue;
    }
    if (closing) {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> closes <${open ?? 'nothing'}>`);
    } else {
      if (stack.length === 0) roots += 1;
      if (!selfClosing) stack.push(name);
    }
  }
  if (stack.length > 0) problems.push(`unclosed <${stack.join('>, <')}>`);
  if (roots !== 1) problems.push(`expected one root element, found ${roots}`);
  const text = withoutComments.replace(/<[^>]*>/g, '');
  if (/<|&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[\da-fA-F]+);)/.test(text)) problems.push('unescaped < or & in text');
  return problems;
}

export interface ContentReport {
  errors: string[];
  /** Parsed data of each file that passed its schema. */
  data: Partial<{ [K in DataFileName]: z.output<(typeof DATA_FILES)[K]> }>;
}

function formatIssues(file: string, error: z.ZodError): string[] {
  return error.issues.map((issue) => `${file}: ${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`);
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

function checkSvgFile(contentDir: string, sitePath: string, maxBytes?: number): string[] {
  const file = join(contentDir, 'public', sitePath);
  const label = `public${sitePath}`;
  if (!existsSync(file)) return [`${label}: file not found`];
  const errors = checkSvg(readFileSync(file, 'utf8')).map((p) => `${label}: ${p}`);
  const size = statSync(file).size;
  if (maxBytes !== undefined && size > maxBytes) errors.push(`${label}: ${size} bytes, more than ${maxBytes}`);
  return errors;
}

/** Validates content/data and the images it references. `contentDir` is the content package folder. */
export function validateContent(contentDir: string): ContentReport {
  const errors: string[] = [];
  const data: ContentReport['data'] = {};

  for (const [file, schema] of Object.entries(DATA_FILES) as [DataFileName, (typeof DATA_FILES)[DataFileName]][]) {
    let json: unknown;
    try {
      json = readJson(join(contentDir, 'data', file));
    } catch (e) {
      errors.push(`data/${file}: ${e instanceof Error ? e.message : String(e)}`);
      continue;
    }
    const result = schema.safeParse(json);
    if (result.success) Object.assign(data, { [file]: result.data });
    else errors.push(...formatIssues(`data/${file}`, result.error));
  }

  for (const key of CATEGORY_IMAGE_KEYS) {
    errors.push(...checkSvgFile(contentDir, `/images/categories/${key}.svg`, MAX_CATEGORY_SVG_BYTES));
  }
  errors.push(...checkSvgFile(contentDir, '/images/logo.svg'));
  for (const cert of data['certificates.json'] ?? []) {
    errors.push(...checkSvgFile(contentDir, cert.image));
  }

  const company = data['company.json'];
  const dubai = data['branches.json']?.find((b) => b.id === 'dubai');
  if (company && dubai) {
    if (company.mainPhone !== dubai.mobileNo) {
      errors.push(`data/company.json: mainPhone '${company.mainPhone}' differs from the Dubai branch number '${dubai.mobileNo}'`);
    }
    if (company.warehouseMap !== dubai.location) {
      errors.push('data/company.json: warehouseMap differs from the Dubai branch map');
    }
  }
  return { errors, data };
}
