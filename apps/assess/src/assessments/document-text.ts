import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import mammoth from 'mammoth';

export type DocumentFormat = 'pdf' | 'docx' | 'text';

/** A file we can read but whose content gives no text: answered 422. */
export class UnreadableDocumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableDocumentError';
  }
}

const BY_EXTENSION: Record<string, DocumentFormat> = {
  pdf: 'pdf',
  docx: 'docx',
  md: 'text',
  markdown: 'text',
  txt: 'text',
};
const BY_MEDIA_TYPE: Record<string, DocumentFormat> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/markdown': 'text',
  'text/x-markdown': 'text',
  'text/plain': 'text',
};

/** By file extension when there is one (browsers send generic media types for .md), else by media type. */
export function documentFormat(fileName: string, mediaType: string): DocumentFormat | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension !== undefined) return BY_EXTENSION[extension];
  return BY_MEDIA_TYPE[mediaType.split(';')[0]!.trim().toLowerCase()];
}

// A thread with its own heap limit and a deadline keeps one hostile PDF from taking the service down.
// Plain JavaScript, loading pdf-parse by path, so it runs the same from sources, under jest and bundled.
const PDF_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { PDFParse } = require(workerData.modulePath);
(async () => {
  const parser = new PDFParse({ data: workerData.data });
  try {
    const result = await parser.getText({ pageJoiner: '' });
    parentPort.postMessage({ ok: true, text: result.text });
  } catch (error) {
    parentPort.postMessage({ ok: false, message: String((error && error.message) || error) });
  } finally {
    await parser.destroy();
  }
})();
`;
const PDF_TIMEOUT_MS = 30_000;
const PDF_HEAP_MB = 512;

function pdfText(data: Buffer): Promise<string> {
  const modulePath = createRequire(__filename).resolve('pdf-parse');
  const worker = new Worker(PDF_WORKER, {
    eval: true,
    workerData: { modulePath, data },
    resourceLimits: { maxOldGenerationSizeMb: PDF_HEAP_MB },
  });
  let timer: NodeJS.Timeout | undefined;
  return new Promise<string>((resolve, reject) => {
    const unreadable = (why: string): void =>
      reject(new UnreadableDocumentError(`the PDF could not be read: ${why}`));
    timer = setTimeout(
      () => reject(new UnreadableDocumentError('the PDF took too long to read')),
      PDF_TIMEOUT_MS,
    );
    worker.once('message', (message: { ok: boolean; text?: string; message?: string }) =>
      message.ok ? resolve(message.text ?? '') : unreadable(message.message ?? 'unknown error'),
    );
    worker.once('error', (error: Error) => unreadable(error.message));
  }).finally(() => {
    clearTimeout(timer);
    void worker.terminate();
  });
}

async function docxText(data: Buffer): Promise<string> {
  try {
    return (await mammoth.extractRawText({ buffer: data })).value;
  } catch {
    throw new UnreadableDocumentError('the DOCX file could not be read: it is not a valid Word document');
  }
}

function utf8Text(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new UnreadableDocumentError('the text file is not valid UTF-8');
  }
}

/** The document's text, as the engine reads it; refuses files that give no text or text PostgreSQL cannot hold. */
export async function extractText(format: DocumentFormat, data: Buffer): Promise<string> {
  const text =
    format === 'pdf' ? await pdfText(data) : format === 'docx' ? await docxText(data) : utf8Text(data);
  if (text.includes('\u0000')) throw new UnreadableDocumentError('the document text contains NUL characters');
  if (text.trim() === '') throw new UnreadableDocumentError('the document contains no text');
  return text;
}
