import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/*
 * pdf-parse (pdf.js) is an ES module at heart; loading it by path in a worker thread runs it the same
 * under jest as under node, the way apps/assess reads uploaded PDFs.
 */
const PDF_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { PDFParse } = require(workerData.modulePath);
(async () => {
  const parser = new PDFParse({ data: workerData.data });
  try {
    const result = await parser.getText();
    const info = await parser.getInfo();
    parentPort.postMessage({ ok: true, text: result.text, pages: info.total });
  } catch (error) {
    parentPort.postMessage({ ok: false, message: String((error && error.message) || error) });
  } finally {
    await parser.destroy();
  }
})();
`;

/** The text of a PDF and its page count, as a reader would extract them. */
export function pdfText(data: Buffer): Promise<{ text: string; pages: number }> {
  const modulePath = createRequire(__filename).resolve('pdf-parse');
  return new Promise((resolve, reject) => {
    const worker = new Worker(PDF_WORKER, { eval: true, workerData: { modulePath, data } });
    worker.once('message', (message: { ok: boolean; text?: string; pages?: number; message?: string }) => {
      void worker.terminate();
      if (message.ok) resolve({ text: message.text ?? '', pages: message.pages ?? 0 });
      else reject(new Error(message.message));
    });
    worker.once('error', reject);
  });
}
