// Zip archives made by hand for the workbook tests: each entry deflated (or stored) from its parts as they come, so
// that an entry expanding to hundreds of megabytes is made in a second without being held, and its sizes in the
// headers as given: honest, or a lie (a crafted archive declares what it likes).
import { createDeflateRaw, crc32 } from 'node:zlib';

export interface ZipPart {
  name: string;
  /** The entry's content, or its pieces in order (an iterable of a repeated buffer: a big entry never held). */
  content: string | Buffer | Iterable<Buffer>;
  /** Stored as it is instead of deflated. */
  stored?: boolean;
  /** The uncompressed size written in the headers instead of the real one. */
  declaredSize?: number;
}

async function deflated(pieces: Iterable<Buffer>): Promise<{ data: Buffer; size: number; crc: number }> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    deflate.once('end', resolve);
    deflate.once('error', reject);
  });
  let size = 0;
  let crc = 0;
  for (const piece of pieces) {
    size += piece.length;
    crc = crc32(piece, crc);
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return { data: Buffer.concat(out), size, crc };
}

/** The parts as one zip archive (local headers, data, central directory, end record). */
export async function zipArchive(parts: readonly ZipPart[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const pieces =
      typeof part.content === 'string'
        ? [Buffer.from(part.content)]
        : Buffer.isBuffer(part.content)
          ? [part.content]
          : part.content;
    let entry: { data: Buffer; size: number; crc: number };
    if (part.stored === true) {
      const data = Buffer.concat([...pieces]);
      entry = { data, size: data.length, crc: crc32(data) };
    } else entry = await deflated(pieces);
    const method = part.stored === true ? 0 : 8;
    const size = part.declaredSize ?? entry.size;
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** `piece` given `times` times (never copied into one buffer). */
export function* repeated(piece: Buffer, times: number): Generator<Buffer> {
  for (let index = 0; index < times; index += 1) yield piece;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * A minimal workbook of one sheet whose XML is `sheet` (from <worksheet> on), as Excel lays one out (content types,
 * workbook, its relationships); `extra` parts added (shared strings, styles), `sheetOptions` for the sheet's entry.
 */
export function workbookParts(
  sheet: string | Buffer | Iterable<Buffer>,
  extra: ZipPart[] = [],
  sheetOptions: Omit<ZipPart, 'name' | 'content'> = {},
): ZipPart[] {
  return [
    {
      name: '[Content_Types].xml',
      content:
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    },
    {
      name: 'xl/workbook.xml',
      content: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="Products" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content:
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/>` +
        `<Relationship Id="rId3" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', content: sheet, ...sheetOptions },
    ...extra,
  ];
}

/** A sheet's XML around its rows' (`<row>…</row>` each). */
export const sheetXml = (rows: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`;
