import { ApiError } from '@governance/platform';
import { measureProcessLoad } from '@governance/testing';
import { readAssessConfig } from '../config';
import { buildDocx, buildDocxBomb, buildPdf, buildPdfBomb } from '../testing/document-files';
import { DocumentReader } from './document-text';

/** A reader with the shipped defaults, but for the variables given. */
const reader = (env: Record<string, string> = {}): DocumentReader =>
  new DocumentReader(readAssessConfig({ DATABASE_URL: 'postgres://unused', ...env }));

/** The error `read` refused with, as status, code and the message for the `file` field. */
async function refusal(
  pending: Promise<unknown>,
): Promise<{ status: number; code: string; message: string; headers: Record<string, string> }> {
  const error = await pending.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  const details = error.details as Array<{ message: string }> | { retry_after_seconds: number };
  return {
    status: error.status,
    code: error.code,
    message: Array.isArray(details) ? details[0]!.message : error.message,
    headers: { ...error.headers },
  };
}

describe('reading documents in a child process', () => {
  const pdfBomb = buildPdfBomb(600 * 1024 * 1024);

  it('reads text, Word and PDF files', async () => {
    const documents = reader();
    expect(await documents.read('text', Buffer.from('\ufeffÉvaluation des risques', 'utf8'))).toBe(
      'Évaluation des risques',
    );
    expect(await documents.read('docx', buildDocx(['Risk register', 'Reviewed quarterly.']))).toBe(
      'Risk register\n\nReviewed quarterly.\n\n',
    );
    expect(await documents.read('pdf', await buildPdf(['Risk register reviewed quarterly.']))).toContain(
      'Risk register reviewed quarterly.',
    );
  });

  it('refuses text it cannot store or assess, saying why', async () => {
    const documents = reader();
    expect(await refusal(documents.read('text', Buffer.from([0xc3, 0x28])))).toMatchObject({
      status: 422,
      code: 'validation_failed',
      message: 'the text file is not valid UTF-8',
    });
    expect((await refusal(documents.read('text', Buffer.from('a\u0000b')))).message).toContain('NUL');
    expect((await refusal(documents.read('text', Buffer.from(' \n\t')))).message).toContain('no text');
    expect((await refusal(documents.read('docx', Buffer.from('PK nothing')))).message).toBe(
      'the DOCX file could not be read: it is not a valid Word document',
    );
  });

  it('refuses a Word file that inflates past 64 MiB or a hundredfold before inflating it, and one that lies about its size', async () => {
    const bomb = await buildDocxBomb(100 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(400 * 1024);
    const liar = await buildDocxBomb(100 * 1024 * 1024, 1_000);
    const flood = await buildDocxBomb(60 * 1024 * 1024);
    const documents = reader();
    const measured = await measureProcessLoad(async () => {
      expect(await refusal(documents.read('docx', bomb))).toMatchObject({
        status: 422,
        message: 'the DOCX file could not be read: it inflates to more than 64 MiB',
      });
      expect((await refusal(documents.read('docx', flood))).message).toBe(
        'the DOCX file could not be read: it is compressed more than 100 to 1, as ZIP bombs are',
      );
      expect((await refusal(documents.read('docx', liar))).message).toBe(
        'the DOCX file could not be read: it is not a valid Word document',
      );
    });
    expect(measured.stallMs).toBeLessThan(500);
    expect(measured.addedMb).toBeLessThan(100);
  });

  it('bounds a reader by its memory budget: a PDF whose font inflates to 600 MB costs the main process nothing', async () => {
    // Unbounded, pdf.js reads this file with 1.8 GB resident; within 256 MB it gives the font up.
    const documents = reader({ DOCUMENT_READ_MEMORY_MB: '256' });
    const measured = await measureProcessLoad(async () => {
      expect(await documents.read('pdf', await pdfBomb)).toContain('Risk register');
    });
    expect(measured.stallMs).toBeLessThan(500);
    expect(measured.addedMb).toBeLessThan(100);
    expect(measured.treePeakMb).toBeLessThan(measured.startMb + 100 + 256 + 100);
  });

  it('kills a reader past its deadline', async () => {
    const documents = reader({ DOCUMENT_READ_TIMEOUT_MS: '200' });
    expect(await refusal(documents.read('pdf', await pdfBomb))).toMatchObject({
      status: 422,
      message: 'reading it took longer than allowed',
    });
  });

  it('reads a bounded number of documents at once and refuses more than its queue holds', async () => {
    const documents = reader({ DOCUMENT_READERS: '1', DOCUMENT_READ_QUEUE: '1' });
    const text = Buffer.from('Risk register reviewed quarterly.');
    const [first, second, third] = [
      documents.read('text', text),
      documents.read('text', text),
      documents.read('text', text),
    ];
    expect(await refusal(third)).toMatchObject({
      status: 429,
      code: 'too_many_requests',
      headers: { 'retry-after': '5' },
    });
    expect(await Promise.all([first, second])).toEqual([text.toString(), text.toString()]);
    // Once a turn is free again, the next one is taken.
    expect(await documents.read('text', text)).toBe(text.toString());
  });
});
