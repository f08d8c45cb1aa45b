// The chunk bootstrap.tsx loads on Arabic pages once they have loaded and the browser is idle: importing it is the
// call (a module of its own, so the start-up code only names a chunk; arabicFontCache.ts is tested without running it).
import { cacheArabicFont } from './arabicFontCache';

void cacheArabicFont();
