import type PDFDocument from 'pdfkit';
import { type IsolatedProgram } from '@governance/platform';
import { type ChartItem, type PdfBlock, type PdfView } from './report-view';

/** What the drawing process is told: where pdfkit is. The view comes on stdin as JSON. */
export interface PdfJob {
  modules: { pdfkit: string };
}

/**
 * Draws a report's PDF in its own process (IsolatedProcessPool): the PdfView comes on stdin, the PDF goes
 * to stdout. Charts are drawn with pdfkit's own vector calls (rectangles and paths): no chart library,
 * no browser, nothing rasterised, and text stays text. Self-contained: no imports are used at run time.
 */
export const drawReportPdf: IsolatedProgram<PdfJob> = (load, job) => {
  type Doc = PDFKit.PDFDocument;
  type Font = 'Helvetica' | 'Helvetica-Bold';
  type Point = [x: number, y: number];
  const PDFKitDocument = load(job.modules.pdfkit) as typeof PDFDocument;

  const MARGIN = 50;
  const FOOTER_SPACE = 30;
  const INK = '#1f2933';
  const MUTED = '#616e7c';
  const RULE = '#cbd2d9';
  const TRACK = '#e4e7eb';
  const WIDTH = 595.28 - 2 * MARGIN;

  const draw = (view: PdfView): Promise<Buffer> => {
    const doc = new PDFKitDocument({
      size: 'A4',
      margin: MARGIN,
      bufferPages: true,
      info: { Title: view.title, Author: 'AI governance service', Subject: view.subject },
    });
    const chunks: Buffer[] = [];
    const done = new Promise<Buffer>((resolve, reject) => {
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
    });
    /** Set once the page budget is spent: nothing more is drawn but the note saying so. */
    let stopped = false;

    const style = (font: Font, size: number, colour: string): Doc =>
      doc.font(font).fontSize(size).fillColor(colour);
    const line = (from: Point, to: Point, width: number, colour: string): void => {
      doc
        .moveTo(...from)
        .lineTo(...to)
        .lineWidth(width)
        .strokeColor(colour)
        .stroke();
    };
    const fits = (height: number): boolean => doc.y + height <= doc.page.height - MARGIN - FOOTER_SPACE;
    const pageCount = (): number => doc.bufferedPageRange().count;
    /** A new page, unless the budget is spent: then the last page says where the rest is. */
    const newPage = (): boolean => {
      if (stopped) return false;
      if (pageCount() >= view.maxPages) {
        stopped = true;
        doc.y = Math.min(doc.y, doc.page.height - MARGIN - FOOTER_SPACE - 30);
        style('Helvetica-Bold', 10, MUTED).text(
          `This PDF stops here, at its limit of ${view.maxPages} pages. The CSV and JSON exports of the same report hold every row.`,
          MARGIN,
          doc.y,
          { width: WIDTH },
        );
        return false;
      }
      doc.addPage();
      return true;
    };
    const ensureSpace = (height: number): boolean => fits(height) || newPage();

    const heading = (text: string): void => {
      if (!ensureSpace(60)) return;
      style('Helvetica-Bold', 16, INK).text(text, MARGIN, doc.y + 6);
      doc.moveDown(0.4);
    };
    const paragraph = (text: string, colour: string, size = 10): void => {
      doc.font('Helvetica').fontSize(size);
      if (!ensureSpace(doc.heightOfString(text, { width: WIDTH }))) return;
      style('Helvetica', size, colour).text(text, MARGIN, doc.y, { width: WIDTH });
      doc.moveDown(0.4);
    };

    /** A table that repeats its header on every page it spans; rows grow to fit wrapped text. */
    const table = (columns: Array<{ header: string; share: number }>, rows: string[][]): void => {
      const padding = 4;
      const widths = columns.map((column) => column.share * WIDTH);
      const drawRow = (cells: string[], bold: boolean): boolean => {
        const font = (): Doc => doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
        font();
        const height =
          Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: widths[i]! - 2 * padding }))) +
          2 * padding;
        if (!fits(height)) {
          if (!newPage()) return false;
          if (!bold)
            drawRow(
              columns.map((column) => column.header),
              true,
            );
          font();
        }
        const top = doc.y;
        let x = MARGIN;
        if (bold) doc.rect(MARGIN, top, WIDTH, height).fill('#eef2f6');
        cells.forEach((cell, index) => {
          doc
            .fillColor(view.cellColours[cell] ?? INK)
            .text(cell, x + padding, top + padding, { width: widths[index]! - 2 * padding });
          x += widths[index]!;
        });
        line([MARGIN, top + height], [MARGIN + WIDTH, top + height], 0.5, RULE);
        doc.x = MARGIN;
        doc.y = top + height;
        return true;
      };
      if (
        !ensureSpace(40) ||
        !drawRow(
          columns.map((column) => column.header),
          true,
        )
      )
        return;
      for (const row of rows) if (!drawRow(row, false)) return;
      doc.moveDown(0.5);
    };

    const block = (item: PdfBlock): void => {
      switch (item.kind) {
        case 'paragraph':
          return paragraph(item.text, item.muted ? MUTED : INK, item.muted ? 9 : 10);
        case 'subheading':
          if (!ensureSpace(90)) return;
          style('Helvetica-Bold', 11, INK).text(item.text, MARGIN, doc.y, { width: WIDTH });
          if (item.tag) style('Helvetica-Bold', 9, item.tag.colour).text(item.tag.text);
          doc.moveDown(0.3);
          return;
        case 'table':
          return table(item.columns, item.rows);
      }
    };

    /** A horizontal gauge from 0 to 100 % with the value's share filled in its traffic-light colour. */
    const gauge = (label: string, value: number | null, caption: string): void => {
      style('Helvetica-Bold', 11, INK).text(label, MARGIN, doc.y);
      const top = doc.y + 6;
      doc.roundedRect(MARGIN, top, WIDTH, 18, 4).fill(TRACK);
      if (value !== null) {
        const colour = value >= 0.8 ? '#2f9e44' : value >= 0.5 ? '#e8a317' : '#c92a2a';
        doc
          .roundedRect(MARGIN, top, Math.max(4, WIDTH * Math.min(1, Math.max(0, value))), 18, 4)
          .fill(colour);
      }
      for (const mark of [0, 0.5, 0.8, 1]) {
        const x = MARGIN + WIDTH * mark;
        line([x, top + 18], [x, top + 22], 0.5, MUTED);
      }
      style('Helvetica', 10, INK).text(caption, MARGIN, top + 26);
      doc.moveDown(0.8);
    };

    /** A donut of the items' shares with a legend beside it, in a box `width` wide from `left`. */
    const donut = (title: string, items: ChartItem[], left: number, top: number, width: number): number => {
      style('Helvetica-Bold', 11, INK).text(title, left, top, { width });
      const radius = 42;
      const centre: Point = [left + radius + 4, top + 24 + radius];
      const total = items.reduce((sum, item) => sum + item.count, 0);
      if (total === 0) doc.circle(...centre, radius).fill(TRACK);
      let angle = -Math.PI / 2;
      for (const item of items) {
        if (item.count === 0) continue;
        const sweep = (item.count / total) * 2 * Math.PI;
        const end = angle + Math.min(sweep, 2 * Math.PI - 1e-4);
        const at = (a: number, r: number): Point => [
          centre[0] + r * Math.cos(a),
          centre[1] + r * Math.sin(a),
        ];
        doc.moveTo(...centre);
        for (let a = angle; a < end; a += 0.05) doc.lineTo(...at(a, radius));
        doc
          .lineTo(...at(end, radius))
          .closePath()
          .fill(item.colour);
        angle = end;
      }
      doc.circle(...centre, radius * 0.55).fill('#ffffff');
      style('Helvetica-Bold', 12, INK).text(String(total), centre[0] - radius, centre[1] - 7, {
        width: 2 * radius,
        align: 'center',
      });
      let y = top + 30;
      for (const item of items) {
        doc.rect(left + 2 * radius + 20, y + 1, 8, 8).fill(item.colour);
        style('Helvetica', 9, INK).text(`${item.label}: ${item.count}`, left + 2 * radius + 34, y, {
          width: width - 2 * radius - 34,
        });
        y += 15;
      }
      return Math.max(top + 24 + 2 * radius, y) + 12;
    };

    /** Vertical bars labelled with the count above and the label below, in a box `width` wide. */
    const bars = (title: string, items: ChartItem[], left: number, top: number, width: number): number => {
      style('Helvetica-Bold', 11, INK).text(title, left, top, { width });
      const chartHeight = 100;
      const bottom = top + 22 + chartHeight;
      const max = Math.max(1, ...items.map((item) => item.count));
      const slot = width / items.length;
      const barWidth = Math.min(40, slot * 0.6);
      line([left, bottom], [left + width, bottom], 1, MUTED);
      items.forEach((item, index) => {
        const height = (item.count / max) * (chartHeight - 14);
        const x = left + slot * index + (slot - barWidth) / 2;
        if (height > 0) doc.rect(x, bottom - height, barWidth, height).fill(item.colour);
        style('Helvetica-Bold', 9, INK).text(String(item.count), x - 6, bottom - height - 12, {
          width: barWidth + 12,
          align: 'center',
        });
        style('Helvetica', 7.5, MUTED).text(item.label, left + slot * index, bottom + 4, {
          width: slot,
          align: 'center',
        });
      });
      return bottom + 22;
    };

    const titlePage = (): void => {
      doc.rect(0, 0, doc.page.width, 12).fill('#243b53');
      doc.y = 200;
      style('Helvetica', 12, MUTED).text('AI governance report', MARGIN, doc.y);
      style('Helvetica-Bold', 26, INK).text(view.title, MARGIN, doc.y + 8, { width: WIDTH });
      doc.moveDown(1.5);
      for (const [label, value] of view.facts) {
        style('Helvetica-Bold', 11, INK).text(`${label}: `, MARGIN, doc.y, { continued: true, width: WIDTH });
        doc.font('Helvetica').text(value);
      }
    };

    const executiveSummary = (): void => {
      const { summary } = view;
      doc.addPage();
      heading('Executive summary');
      for (const text of summary.narrative) paragraph(text, INK);
      doc.moveDown(0.5);
      if (!ensureSpace(60)) return;
      gauge(summary.gauge.label, summary.gauge.value, summary.gauge.caption);
      if (!ensureSpace(130)) return;
      const half = (WIDTH - 30) / 2;
      const top = doc.y;
      const afterDonut = donut(summary.verdicts.title, summary.verdicts.items, MARGIN, top, half);
      style('Helvetica-Bold', 11, INK).text('Key figures', MARGIN + half + 30, top, { width: half });
      let y = top + 22;
      for (const [label, value] of summary.figures) {
        style('Helvetica', 9.5, MUTED).text(label, MARGIN + half + 30, y, { width: half - 60 });
        style('Helvetica-Bold', 9.5, INK).text(value, MARGIN + half + 30, y, { width: half, align: 'right' });
        y += 15;
      }
      doc.x = MARGIN;
      doc.y = Math.max(afterDonut, y + 10);
      if (!ensureSpace(150)) return;
      const chartsTop = doc.y;
      const bottoms = summary.charts.map((chart, index) =>
        bars(chart.title, chart.items, MARGIN + index * (half + 30), chartsTop, half),
      );
      doc.x = MARGIN;
      doc.y = Math.max(chartsTop, ...bottoms);
    };

    /** Written last, when the page count is known; the bottom margin is lifted so the footer adds no page. */
    const pageNumbers = (): void => {
      const range = doc.bufferedPageRange();
      for (let index = range.start; index < range.start + range.count; index++) {
        doc.switchToPage(index);
        const bottomMargin = doc.page.margins.bottom;
        doc.page.margins.bottom = 0;
        style('Helvetica', 8, MUTED).text(
          `${view.footer}  ·  Page ${index + 1} of ${range.count}`,
          MARGIN,
          doc.page.height - MARGIN + 10,
          { width: WIDTH, align: 'center', lineBreak: false },
        );
        doc.page.margins.bottom = bottomMargin;
      }
    };

    titlePage();
    executiveSummary();
    for (const section of view.sections) {
      if (stopped) break;
      if (section.newPage && !newPage()) break;
      heading(section.heading);
      for (const item of section.blocks) if (!stopped) block(item);
    }
    pageNumbers();
    doc.end();
    return done;
  };

  const input: Buffer[] = [];
  process.stdin.on('data', (chunk: Buffer) => input.push(chunk));
  process.stdin.on('end', () => {
    draw(JSON.parse(Buffer.concat(input).toString('utf8')) as PdfView).then(
      (pdf) => process.stdout.write(pdf),
      (error: unknown) => {
        process.stderr.write(String(error));
        process.exitCode = 1;
      },
    );
  });
};
