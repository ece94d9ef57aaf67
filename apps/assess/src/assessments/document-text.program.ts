import type * as Mammoth from 'mammoth';
import type * as PdfParse from 'pdf-parse';
import type * as Yauzl from 'yauzl';
import { type IsolatedProgram } from '@governance/platform';

export type DocumentFormat = 'pdf' | 'docx' | 'text';

/** What the reading process is told: the format, where its libraries are, and what it may produce. */
export interface DocumentTextJob {
  format: DocumentFormat;
  modules: { mammoth: string; pdfParse: string; yauzl: string };
  /** A Word file's parts may inflate to this many bytes in all, and hold this many parts. */
  maxInflatedBytes: number;
  maxZipEntries: number;
  /** No part larger than a mebibyte may inflate to more than this many times its packed size. */
  maxInflateRatio: number;
  /** The longest text kept: the engine's own limit on a document. */
  maxTextLength: number;
}

/** The reading process's one line of output. `refused` is said to the person who uploaded the file. */
export type DocumentTextAnswer = { text: string } | { refused: string };

/**
 * Reads a document's text in its own process (IsolatedProcessPool): the file comes on stdin, the answer
 * goes to stdout as JSON. A Word file's ZIP is walked first with yauzl, inflating every part against a
 * byte budget, so a ZIP bomb is refused before mammoth (whose JSZip holds whole parts in memory) sees it.
 * Self-contained: no imports are used at run time, only types.
 */
export const readDocumentText: IsolatedProgram<DocumentTextJob> = (load, job) => {
  const mib = (bytes: number): string => `${Math.round(bytes / 1024 / 1024)} MiB`;

  const checkZip = (data: Buffer): Promise<string | undefined> => {
    const yauzl = load(job.modules.yauzl) as typeof Yauzl;
    return new Promise((resolve) => {
      yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: true }, (openError, zip) => {
        if (openError) return resolve('it is not a valid Word document');
        let inflated = 0;
        let entries = 0;
        const refuse = (why: string): void => {
          zip.close();
          resolve(why);
        };
        zip.on('error', () => refuse('it is not a valid Word document'));
        zip.on('end', () => resolve(undefined));
        zip.on('entry', (entry: Yauzl.Entry) => {
          entries += 1;
          if (entries > job.maxZipEntries) return refuse(`it holds more than ${job.maxZipEntries} parts`);
          // Declared sizes first (cheap); yauzl then checks that no part inflates to more than it declared.
          if (inflated + entry.uncompressedSize > job.maxInflatedBytes)
            return refuse(`it inflates to more than ${mib(job.maxInflatedBytes)}`);
          if (
            entry.uncompressedSize > 1024 * 1024 &&
            entry.uncompressedSize > job.maxInflateRatio * entry.compressedSize
          )
            return refuse(`it is compressed more than ${job.maxInflateRatio} to 1, as ZIP bombs are`);
          if (entry.fileName.endsWith('/')) return zip.readEntry();
          zip.openReadStream(entry, (streamError, stream) => {
            if (streamError) return refuse('it is not a valid Word document');
            stream.on('data', (chunk: Buffer) => {
              inflated += chunk.length;
              if (inflated > job.maxInflatedBytes) {
                stream.destroy();
                refuse(`it inflates to more than ${mib(job.maxInflatedBytes)}`);
              }
            });
            stream.on('error', () => refuse('it is not a valid Word document'));
            stream.on('end', () => zip.readEntry());
          });
        });
        zip.readEntry();
      });
    });
  };

  const docxText = async (data: Buffer): Promise<DocumentTextAnswer> => {
    const problem = await checkZip(data);
    if (problem !== undefined) return { refused: `the DOCX file could not be read: ${problem}` };
    const mammoth = load(job.modules.mammoth) as typeof Mammoth;
    try {
      return { text: (await mammoth.extractRawText({ buffer: data })).value };
    } catch {
      return { refused: 'the DOCX file could not be read: it is not a valid Word document' };
    }
  };

  const pdfText = async (data: Buffer): Promise<DocumentTextAnswer> => {
    const { PDFParse } = load(job.modules.pdfParse) as typeof PdfParse;
    const parser = new PDFParse({ data });
    try {
      return { text: (await parser.getText({ pageJoiner: '' })).text };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { refused: `the PDF could not be read: ${message.slice(0, 200)}` };
    } finally {
      await parser.destroy();
    }
  };

  const utf8Text = (data: Buffer): DocumentTextAnswer => {
    try {
      return { text: new TextDecoder('utf-8', { fatal: true }).decode(data) };
    } catch {
      return { refused: 'the text file is not valid UTF-8' };
    }
  };

  const checked = (answer: DocumentTextAnswer): DocumentTextAnswer => {
    if ('refused' in answer) return answer;
    if (answer.text.length > job.maxTextLength)
      return { refused: `its text is longer than ${job.maxTextLength} characters` };
    if (answer.text.includes('\u0000')) return { refused: 'the document text contains NUL characters' };
    if (answer.text.trim() === '') return { refused: 'the document contains no text' };
    return answer;
  };

  // stdout carries the answer alone: pdf.js warns on the console about every oddity of a file.
  console.log = console.info = console.warn = console.debug = (): void => undefined;
  const chunks: Buffer[] = [];
  process.stdin.on('data', (chunk: Buffer) => chunks.push(chunk));
  process.stdin.on('end', () => {
    const data = Buffer.concat(chunks);
    chunks.length = 0;
    const reading =
      job.format === 'pdf'
        ? pdfText(data)
        : job.format === 'docx'
          ? docxText(data)
          : Promise.resolve(utf8Text(data));
    // Exits once the answer is out: a library's leftover timer must not hold the process to its deadline.
    void reading.then((answer) =>
      process.stdout.write(JSON.stringify(checked(answer)), () => process.exit(0)),
    );
  });
};
