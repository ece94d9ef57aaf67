import { once } from 'node:events';
import { crc32, createDeflate, createDeflateRaw, deflateRawSync } from 'node:zlib';
import PDFDocument from 'pdfkit';

/** A PDF showing `lines` in Helvetica, one paragraph each. */
export function buildPdf(lines: readonly string[]): Promise<Buffer> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const line of lines) doc.text(line);
  doc.end();
  return done;
}

/** An entry's content, or its deflated form with the checksum and size of what it inflates to. */
type ZipContent = { data: string | Buffer } | { packed: Buffer; crc: number; size: number };
type ZipEntry = ZipContent & {
  name: string;
  /** The uncompressed size the headers claim, when it should lie. */
  declaredSize?: number;
};

/**
 * `head` then `chunk` repeated up to `totalBytes`, deflated as it is produced: a bomb's payload without
 * holding it whole. Raw deflate for ZIP entries, zlib-wrapped for PDF streams.
 */
async function deflateRepeated(
  head: Buffer,
  chunk: Buffer,
  totalBytes: number,
  format: 'raw' | 'zlib',
): Promise<{ packed: Buffer; crc: number; size: number }> {
  const deflate = format === 'raw' ? createDeflateRaw({ level: 9 }) : createDeflate({ level: 9 });
  const packed: Buffer[] = [];
  deflate.on('data', (part: Buffer) => packed.push(part));
  const block = Buffer.concat(Array.from({ length: Math.ceil(65_536 / chunk.length) }, () => chunk));
  let crc = crc32(head);
  let size = head.length;
  deflate.write(head);
  while (size < totalBytes) {
    const piece = block.subarray(0, Math.min(block.length, totalBytes - size));
    crc = crc32(piece, crc);
    size += piece.length;
    if (!deflate.write(piece)) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return { packed: Buffer.concat(packed), crc, size };
}

function deflated(content: ZipContent): { packed: Buffer; crc: number; size: number } {
  if ('packed' in content) return content;
  const raw = typeof content.data === 'string' ? Buffer.from(content.data, 'utf8') : content.data;
  return { packed: deflateRawSync(raw), crc: crc32(raw), size: raw.length };
}

/** A ZIP archive of deflated entries: local headers, then the central directory; unset fields stay 0. */
function zip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const { packed, crc, size } = deflated(entry);
    const declared = entry.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const DOCUMENT_XML_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
const DOCUMENT_XML_TAIL = '</w:body></w:document>';

/** A minimal Word document, one paragraph per entry; built by hand, as nothing we install writes one. */
export function buildDocx(paragraphs: readonly string[]): Buffer {
  const body = paragraphs.map(
    (text) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`,
  );
  return docxWith({ data: DOCUMENT_XML_HEAD + body.join('') + DOCUMENT_XML_TAIL });
}

/**
 * A ZIP bomb shaped as a Word document: `word/document.xml` inflates to `inflatedBytes` of one paragraph
 * repeated (100 MB pack into about 100 KB), optionally declaring a size it does not have.
 */
export async function buildDocxBomb(inflatedBytes: number, declaredSize?: number): Promise<Buffer> {
  const paragraph = Buffer.from('<w:p><w:r><w:t>Risk register reviewed quarterly.</w:t></w:r></w:p>');
  const xml = await deflateRepeated(Buffer.from(DOCUMENT_XML_HEAD), paragraph, inflatedBytes, 'raw');
  return docxWith(xml, declaredSize);
}

/**
 * A PDF whose one font embeds a FlateDecode-compressed file of `inflatedBytes` zeros: 600 KB of file that
 * pdf.js inflates whole (to 1.8 GB of memory for 600 MB) to read the page's text.
 */
export async function buildPdfBomb(inflatedBytes: number): Promise<Buffer> {
  const { packed } = await deflateRepeated(Buffer.alloc(0), Buffer.alloc(4096), inflatedBytes, 'zlib');
  const text = Buffer.from('BT /F1 12 Tf 72 712 Td (Risk register) Tj ET');
  const stream = (dictionary: string, data: Buffer): Buffer[] => [
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`),
    data,
    Buffer.from('\nendstream'),
  ];
  const objects: Array<string | Buffer[]> = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    stream('', text),
    '<< /Type /Font /Subtype /TrueType /BaseFont /Risky /FirstChar 32 /LastChar 126 /FontDescriptor 6 0 R >>',
    '<< /Type /FontDescriptor /FontName /Risky /Flags 32 /FontBBox [0 0 1000 1000] /ItalicAngle 0 ' +
      '/Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 7 0 R >>',
    stream(`/Length1 ${inflatedBytes} /Filter /FlateDecode`, packed),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  const add = (part: Buffer): void => {
    parts.push(part);
    length += part.length;
  };
  objects.forEach((object, index) => {
    offsets.push(length);
    add(Buffer.from(`${index + 1} 0 obj\n`));
    for (const part of typeof object === 'string' ? [Buffer.from(object)] : object) add(part);
    add(Buffer.from('\nendobj\n'));
  });
  const xref = length;
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  add(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}` +
        `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

function docxWith(documentXml: ZipContent, declaredSize?: number): Buffer {
  return zip([
    {
      name: '[Content_Types].xml',
      data:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '</Types>',
    },
    {
      name: '_rels/.rels',
      data:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '</Relationships>',
    },
    {
      name: 'word/document.xml',
      ...documentXml,
      ...(declaredSize === undefined ? {} : { declaredSize }),
    },
  ]);
}
