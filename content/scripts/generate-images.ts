// Renders the home carousel's three pictures (two JPEG, one WebP, as the spec names them) from the SVG scenes
// below into content/public/images/carousel/. The output is committed; run again after changing a scene:
//   npx tsx content/scripts/generate-images.ts
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';

/** Size of every carousel picture (home.json gives the same width and height to the <img>). */
const SLIDE_WIDTH = 960;
const SLIDE_HEIGHT = 720;

const OUT_DIR = resolve(__dirname, '..', 'public', 'images', 'carousel');

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SLIDE_WIDTH} ${SLIDE_HEIGHT}" width="${SLIDE_WIDTH}" height="${SLIDE_HEIGHT}">${body}</svg>`;

/** A row of miniature circuit breakers on a DIN rail, for the switchboard. */
function breakerRow(x: number, y: number, count: number): string {
  let row = `<rect x="${x - 10}" y="${y + 34}" width="${count * 34 + 16}" height="12" fill="#9aa7b5"/>`;
  for (let i = 0; i < count; i += 1) {
    const bx = x + i * 34;
    row += `<rect x="${bx}" y="${y}" width="28" height="80" rx="3" fill="#f4f6f9" stroke="#b8c3cf"/>`;
    row += `<rect x="${bx + 9}" y="${y + 14}" width="10" height="22" rx="2" fill="${i % 4 === 0 ? '#c62828' : '#1b2430'}"/>`;
    row += `<rect x="${bx + 6}" y="${y + 56}" width="16" height="6" fill="#d5dbe3"/>`;
  }
  return row;
}

/** A cable drum seen from the side: flange, spokes and the wound cable. */
function cableDrum(cx: number, cy: number, r: number, cable: string): string {
  let spokes = '';
  for (let i = 0; i < 6; i += 1) {
    const a = (i * Math.PI) / 3;
    spokes += `<path d="M${cx} ${cy}L${(cx + Math.cos(a) * r * 0.82).toFixed(1)} ${(cy + Math.sin(a) * r * 0.82).toFixed(1)}" stroke="#7a4a2e" stroke-width="${r / 10}"/>`;
  }
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#b07a4f"/><circle cx="${cx}" cy="${cy}" r="${r * 0.86}" fill="${cable}"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.86}" fill="none" stroke="#00000033" stroke-width="${r * 0.08}" stroke-dasharray="2 ${r / 12}"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.45}" fill="#c9935f"/>${spokes}<circle cx="${cx}" cy="${cy}" r="${r * 0.12}" fill="#5b3a22"/>`;
}

/** Slide 1: a switchboard, cable drums and a loaded cable tray. */
const industrial = svg(`
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#dfe9f3"/><stop offset="1" stop-color="#b9cde2"/></linearGradient>
    <linearGradient id="panel" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#d3dae2"/><stop offset="1" stop-color="#aeb9c5"/></linearGradient>
  </defs>
  <rect width="960" height="720" fill="url(#wall)"/>
  <rect y="560" width="960" height="160" fill="#8c9aa8"/>
  <rect y="560" width="960" height="10" fill="#6f7d8b"/>
  <g stroke="#7f8c99" stroke-width="6"><path d="M40 120h880M40 170h880"/></g>
  <rect x="40" y="120" width="880" height="50" fill="#c2ccd6" opacity="0.6"/>
  <g stroke-width="12" stroke-linecap="round" fill="none">
    <path d="M60 140h840" stroke="#1b2430"/><path d="M60 152h840" stroke="#c62828"/><path d="M60 130h840" stroke="#f2a900"/><path d="M60 160h840" stroke="#1d5e9c"/>
  </g>
  <g stroke-width="10" stroke-linecap="round" fill="none">
    <path d="M300 170v60c0 20 10 30 30 30" stroke="#1b2430"/><path d="M320 170v50c0 16 8 24 24 24" stroke="#c62828"/>
  </g>
  <rect x="300" y="230" width="380" height="340" rx="10" fill="url(#panel)" stroke="#8a96a3" stroke-width="4"/>
  <rect x="320" y="250" width="340" height="300" rx="6" fill="#e9eef3"/>
  ${breakerRow(340, 270, 9)}
  ${breakerRow(340, 380, 9)}
  <rect x="340" y="482" width="300" height="48" rx="4" fill="#003c75"/>
  <circle cx="372" cy="506" r="12" fill="#2e7d32"/><circle cx="408" cy="506" r="12" fill="#f2a900"/><circle cx="444" cy="506" r="12" fill="#c62828"/>
  <rect x="480" y="494" width="140" height="24" rx="3" fill="#0b2a4a"/>
  <path d="M540 498l-10 10h8l-6 10 14-12h-8l6-8z" fill="#f2a900"/>
  ${cableDrum(160, 470, 120, '#1b2430')}
  ${cableDrum(810, 480, 110, '#c2410c')}
  <ellipse cx="160" cy="595" rx="130" ry="14" fill="#00000026"/>
  <ellipse cx="810" cy="595" rx="120" ry="14" fill="#00000026"/>
  <path d="M700 560c40-10 60-50 110-60" stroke="#c2410c" stroke-width="14" fill="none" stroke-linecap="round"/>
  <g fill="#f2a900"><path d="M860 60l-22 40h18l-14 34 34-46h-18l14-28z"/></g>
`);

/** One engineer: hard hat, face, overalls; `tone` is the skin colour, `hat` the helmet colour. */
function engineer(
  x: number,
  y: number,
  scale: number,
  tone: string,
  hat: string,
  shirt: string,
  tablet: boolean,
): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})">
    <path d="M-80 300c0-110 34-170 80-170s80 60 80 170z" fill="${shirt}"/>
    <path d="M-80 300c0-60 10-100 24-128l24 128zM80 300c0-60-10-100-24-128l-24 128z" fill="#00000022"/>
    <path d="M-30 150l30 50 30-50" fill="#f2a900"/>
    <path d="M-44 170h88v10h-88zM-44 200h88v10h-88z" fill="#f2a900" opacity="0.9"/>
    <rect x="-18" y="96" width="36" height="44" rx="10" fill="${tone}"/>
    <ellipse cx="0" cy="70" rx="44" ry="50" fill="${tone}"/>
    <circle cx="-15" cy="70" r="5" fill="#1b2430"/><circle cx="15" cy="70" r="5" fill="#1b2430"/>
    <path d="M-14 92c8 8 20 8 28 0" stroke="#7a4a2e" stroke-width="4" fill="none" stroke-linecap="round"/>
    <path d="M-54 44c0-40 24-62 54-62s54 22 54 62z" fill="${hat}"/>
    <rect x="-62" y="38" width="124" height="14" rx="7" fill="${hat}"/>
    <path d="M0 -18v58" stroke="#ffffff66" stroke-width="6"/>
    ${tablet ? '<rect x="-70" y="196" width="90" height="64" rx="6" fill="#1b2430"/><rect x="-64" y="202" width="78" height="52" rx="3" fill="#6fa3d2"/><path d="M-56 214h50M-56 226h40M-56 238h46" stroke="#e6eef6" stroke-width="4"/>' : ''}
  </g>`;
}

/** Slide 2: three engineers in hard hats in front of the warehouse racks. */
const professionals = svg(`
  <defs>
    <linearGradient id="hall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e4edf6"/><stop offset="1" stop-color="#c7d6e6"/></linearGradient>
  </defs>
  <rect width="960" height="720" fill="url(#hall)"/>
  <g fill="none" stroke="#f2a900" stroke-width="10"><path d="M40 80v520M320 80v520M640 80v520M920 80v520"/></g>
  <g stroke="#f2a900" stroke-width="8"><path d="M40 220h880M40 380h880M40 540h880"/></g>
  <g>
    <rect x="60" y="150" width="110" height="66" fill="#b07a4f"/><rect x="180" y="168" width="120" height="48" fill="#c9935f"/>
    <rect x="340" y="140" width="130" height="76" fill="#c9935f"/><rect x="480" y="160" width="140" height="56" fill="#b07a4f"/>
    <rect x="660" y="150" width="120" height="66" fill="#b07a4f"/><rect x="790" y="170" width="110" height="46" fill="#c9935f"/>
    <circle cx="120" cy="330" r="46" fill="#1b2430"/><circle cx="230" cy="330" r="46" fill="#c2410c"/>
    <circle cx="120" cy="330" r="16" fill="#c9935f"/><circle cx="230" cy="330" r="16" fill="#c9935f"/>
    <rect x="700" y="300" width="180" height="76" fill="#c9935f"/><rect x="360" y="460" width="240" height="76" fill="#b07a4f"/>
  </g>
  <rect y="600" width="960" height="120" fill="#8c9aa8"/>
  <rect y="600" width="960" height="8" fill="#6f7d8b"/>
  ${engineer(250, 330, 1.15, '#c68e5e', '#ffffff', '#003c75', false)}
  ${engineer(720, 330, 1.15, '#8d5a3b', '#f2a900', '#1d5e9c', false)}
  ${engineer(480, 300, 1.35, '#e0ac7e', '#f2a900', '#002a52', true)}
`);

/** Slide 3: a certificate with a gold seal and a check mark. */
const certificate = svg(`
  <defs>
    <linearGradient id="desk" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#003c75"/><stop offset="1" stop-color="#001f3f"/></linearGradient>
    <radialGradient id="gold" cx="0.4" cy="0.35" r="0.7"><stop offset="0" stop-color="#ffe08a"/><stop offset="0.6" stop-color="#f2a900"/><stop offset="1" stop-color="#b77d00"/></radialGradient>
  </defs>
  <rect width="960" height="720" fill="url(#desk)"/>
  <g opacity="0.25" fill="none" stroke="#6fa3d2" stroke-width="2"><circle cx="480" cy="360" r="330"/><circle cx="480" cy="360" r="280"/></g>
  <rect x="236" y="96" width="488" height="560" rx="8" fill="#00000040" transform="translate(14 14)"/>
  <rect x="236" y="96" width="488" height="560" rx="8" fill="#fbf8f1"/>
  <rect x="258" y="118" width="444" height="516" rx="4" fill="none" stroke="#003c75" stroke-width="6"/>
  <rect x="270" y="130" width="420" height="492" rx="2" fill="none" stroke="#f2a900" stroke-width="2"/>
  <rect x="360" y="170" width="240" height="26" rx="4" fill="#003c75"/>
  <rect x="330" y="216" width="300" height="12" rx="6" fill="#4a5563"/>
  <g stroke="#b8c3cf" stroke-width="10" stroke-linecap="round"><path d="M320 270h320M320 300h320M340 330h280M320 360h320M360 390h240"/></g>
  <g stroke="#4a5563" stroke-width="3"><path d="M310 560h120M530 560h120"/></g>
  <path d="M320 540c14-20 24-4 36-16s22 8 40-6" stroke="#003c75" stroke-width="3" fill="none"/>
  <g transform="translate(480 510)">
    <path d="M-40 40l-26 90 36-18 22 34 8-96zM40 40l26 90-36-18-22 34-8-96z" fill="#c62828"/>
    <circle r="74" fill="url(#gold)"/>
    <circle r="60" fill="none" stroke="#fff3c4" stroke-width="3" stroke-dasharray="6 5"/>
    <path d="M-30 0l20 22 40-44" stroke="#ffffff" stroke-width="14" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
  </g>
  <g transform="translate(780 150)"><circle r="56" fill="#2e7d32"/><path d="M-24 2l16 18 34-38" stroke="#fff" stroke-width="12" fill="none" stroke-linecap="round" stroke-linejoin="round"/></g>
`);

/** The carousel pictures, in slide order, with their output format. */
const CAROUSEL_PICTURES = [
  { file: 'slide-1.jpg', scene: industrial },
  { file: 'slide-2.jpg', scene: professionals },
  { file: 'slide-3.webp', scene: certificate },
] as const;

async function main(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  for (const { file, scene } of CAROUSEL_PICTURES) {
    const image = sharp(Buffer.from(scene)).resize(SLIDE_WIDTH, SLIDE_HEIGHT);
    const output = file.endsWith('.webp')
      ? image.webp({ quality: 78, effort: 6 })
      : image.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true, progressive: true });
    const info = await output.toFile(join(OUT_DIR, file));
    console.log(`${file}: ${info.width}x${info.height}, ${(info.size / 1024).toFixed(1)} KB`);
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
