// The shell's index.html as the pages are made from it: read from disk (again when a new build replaced it), cut
// around the head and put in each edition's language for the pages' current SEO data.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '@site/contracts/locale';
import { localizeShellTemplate, prepareShellTemplate, type SeoPages, type ShellTemplate } from '../seo/index.js';
import { readArabicFont, type ArabicFontBuild } from './arabicFont.js';

export interface ShellHtml {
  /** index.html cut around the head. */
  template: ShellTemplate;
  /** The same in each edition's language (<html lang dir>, <noscript>), for `site`. */
  templates: Readonly<Record<Locale, ShellTemplate>>;
  site: SeoPages;
  /** This build's Arabic font files (arabicFont.ts), read with its index.html; none: no page is marked. */
  arabicFont: ArabicFontBuild | undefined;
  mtimeMs: number;
  size: number;
}

/** The shell's index.html as read from disk, in each edition for the pages' current SEO data. */
export class ShellFile {
  private cached: ShellHtml | undefined;

  /** `changed` is told whenever what the pages were drawn from changes (a new build, a new catalogue version). */
  constructor(
    private readonly indexPath: string,
    private readonly changed: () => void,
  ) {}

  /** The shell for `site`, re-read when the file changed on disk; undefined when there is none (not built). */
  async load(site: SeoPages): Promise<ShellHtml | undefined> {
    let info;
    try {
      info = await stat(this.indexPath);
    } catch {
      this.cached = undefined;
      return undefined;
    }
    const { cached } = this;
    if (cached !== undefined && cached.mtimeMs === info.mtimeMs && cached.size === info.size) {
      if (cached.site !== site) {
        this.cached = { ...cached, site, templates: localized(cached.template, site) };
        this.changed();
      }
      return this.cached;
    }
    // the font files' list is the same build's: written with its index.html (tools/webpack/arabic-font.cjs)
    const [html, arabicFont] = await Promise.all([
      readFile(this.indexPath, 'utf8'),
      readArabicFont(path.dirname(this.indexPath)),
    ]);
    const template = prepareShellTemplate(html);
    this.cached = {
      template,
      templates: localized(template, site),
      site,
      arabicFont,
      mtimeMs: info.mtimeMs,
      size: info.size,
    };
    this.changed();
    return this.cached;
  }
}

const localized = (template: ShellTemplate, site: SeoPages): ShellHtml['templates'] => ({
  en: localizeShellTemplate(template, 'en', site.noscript.en),
  ar: localizeShellTemplate(template, 'ar', site.noscript.ar),
});
