import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { formatMoney } from '@bawaba/shared/rules';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { type Direction, directionOf, mirror, visualRuns } from './bidi-line.ts';
import { LABELS, STATUS_LABELS } from './labels.ts';
import { woffToSfnt } from './woff.ts';

/** What a contract document shows; the contracts domain maps its rows to it (texts already in the document's language). */
export type ContractDocument = {
  number: string; // e.g. "BWB-2026-0005-C"
  tender: { number: string; title: string }; // in the document's language (fallback already applied)
  buyer: { name: string };
  supplier: { name: string };
  value: number;
  currency: string; // ISO 4217: QAR, or the currency the award was made in
  milestones: { title: string; dueDate: string /* YYYY-MM-DD */; amount: number }[];
  terms: string; // plain text (the tender's description/terms; rich text flattened)
  acceptances: { side: 'buyer' | 'supplier'; name: string; at: string /* ISO */ }[];
  status: 'pending' | 'active' | 'completed' | 'terminated';
  createdAt: string;
};

type Lang = 'en' | 'ar';
type Align = 'start' | 'end';
type Side = 'left' | 'right';
interface LineStyle {
  size: number;
  bold: boolean;
  base: Direction;
}
type PdfDoc = PDFKit.PDFDocument;

/**
 * The fonts: Noto Naskh Arabic (@fontsource ships it in pieces by script: its Arabic, Latin and Latin-extended
 * files), each character drawn by the first piece that has it — Latin first, so spaces and punctuation between
 * Latin words stay in their run.
 */
const FACES = ['latin', 'latin-ext', 'arabic'] as const;
const require = createRequire(import.meta.url);
let fontFiles: Map<string, Buffer> | undefined;
function fonts(): Map<string, Buffer> {
  if (!fontFiles) {
    fontFiles = new Map();
    for (const face of FACES)
      for (const weight of [400, 700])
        fontFiles.set(
          `${face}-${weight}`,
          woffToSfnt(
            readFileSync(
              require.resolve(
                `@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-${face}-${weight}-normal.woff`,
              ),
            ),
          ),
        );
  }
  return fontFiles;
}

/**
 * A registered face read by fontkit (the engine pdfkit draws with) to ask which characters it has: pdfkit itself
 * does not say whether a font covers a character.
 */
const faces = new Map<string, fontkit.Font>();
function faceOf(name: string): fontkit.Font {
  let face = faces.get(name);
  if (!face) {
    const file = fonts().get(name);
    if (!file) throw new Error(`no font named ${name}`);
    face = fontkit.create(file) as fontkit.Font;
    faces.set(name, face);
  }
  return face;
}

/** First-strong isolation of a text someone wrote, inside a line of the document's words. */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** Characters with Arabic script: a shaper given a run with one of them lays the whole run out right to left. */
const ARABIC_SCRIPT = /\p{Script=Arabic}/u;

const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const BODY = 10.5;
const LINE = 1.55;

/**
 * The contract as a PDF in English or Arabic (pdfkit; its fontkit shapes Arabic so the letters join). Arabic pages
 * run right to left: text starts at the right margin and the milestones table is mirrored. Every line is laid out
 * by the bidirectional algorithm (./bidi-line.ts) and its pieces drawn in visual order, each shaped on its own;
 * what users wrote (names, titles) is isolated in the line so it keeps its own direction. Text extractors get each
 * glyph's characters (the font's ToUnicode map) in visual order and put right-to-left text back in reading order
 * themselves. Amounts and dates are written with the language's digits, as the site writes them.
 */
export async function renderContractPdf(doc: ContractDocument, lang: Lang): Promise<Uint8Array> {
  const l = LABELS[lang];
  const pdf = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: PAGE.margin,
    lang,
    bufferPages: true,
    displayTitle: true,
    info: { Title: `${l.title} ${doc.number}`, Producer: 'Bawaba', CreationDate: new Date(doc.createdAt) },
  });
  for (const [name, file] of fonts()) pdf.registerFont(name, file);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });

  const w = new Writer(pdf, lang);
  const money = (amount: number) => formatMoney(amount, lang, doc.currency, 'auto');

  w.line(l.title, { size: 22, bold: true });
  w.line(doc.number, { size: 12, gap: 14 });

  const fields: [string, string][] = [
    [l.number, doc.number],
    [l.tender, `${doc.tender.number} — ${isolate(doc.tender.title)}`],
    [l.buyer, isolate(doc.buyer.name)],
    [l.supplier, isolate(doc.supplier.name)],
    [l.value, money(doc.value)],
    [l.created, w.date(doc.createdAt)],
    [l.status, STATUS_LABELS[lang][doc.status]],
  ];
  for (const [label, value] of fields) w.field(label, value);

  w.heading(l.milestones);
  if (doc.milestones.length === 0) w.paragraph(l.noMilestones);
  else
    w.table(
      [
        { title: '#', width: 28, align: 'start' },
        { title: l.milestone, width: 0, align: 'start' },
        { title: l.dueDate, width: 92, align: 'start' },
        { title: l.amount, width: 130, align: 'end' },
      ],
      [
        ...doc.milestones.map((m, i) => [
          w.number(i + 1),
          isolate(m.title),
          w.day(m.dueDate),
          money(m.amount),
        ]),
        ['', l.total, '', money(doc.milestones.reduce((sum, m) => sum + m.amount, 0))],
      ],
    );

  w.heading(l.terms);
  const terms = doc.terms.trim();
  if (terms === '') w.paragraph(l.noTerms);
  else for (const paragraph of terms.split(/\n\s*\n|\n/)) w.paragraph(paragraph.trim());

  w.heading(l.acceptances);
  for (const side of ['buyer', 'supplier'] as const) {
    const acceptance = doc.acceptances.find((a) => a.side === side);
    const party = side === 'buyer' ? doc.buyer.name : doc.supplier.name;
    w.field(
      `${l[side]} (${isolate(party)})`,
      acceptance ? l.acceptedBy(isolate(acceptance.name), w.dateTime(acceptance.at)) : l.awaiting,
    );
  }

  w.pageNumbers(l.page);
  pdf.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

interface Column {
  title: string;
  /** Points; 0 takes what the others leave. */
  width: number;
  align: Align;
}

/** Draws lines top to bottom, from the start margin of the document's language, with page breaks. */
class Writer {
  private readonly pdf: PdfDoc;
  private readonly lang: Lang;
  private readonly locale: string;
  private y = PAGE.margin;
  private readonly left = PAGE.margin;
  private readonly width = PAGE.width - 2 * PAGE.margin;

  constructor(pdf: PdfDoc, lang: Lang) {
    this.pdf = pdf;
    this.lang = lang;
    this.locale = lang === 'ar' ? 'ar-QA' : 'en-QA';
  }

  private get rtl(): boolean {
    return this.lang === 'ar';
  }

  number(n: number): string {
    return new Intl.NumberFormat(this.locale).format(n);
  }

  /** An instant's calendar day in Qatar, dd/mm/yyyy. */
  date(iso: string): string {
    return this.parts(new Date(iso), 'Asia/Qatar', false);
  }

  /** A calendar day (YYYY-MM-DD), dd/mm/yyyy. */
  day(ymd: string): string {
    return this.parts(new Date(`${ymd}T00:00:00Z`), 'UTC', false);
  }

  /** An instant in Qatar time, dd/mm/yyyy hh:mm. */
  dateTime(iso: string): string {
    return this.parts(new Date(iso), 'Asia/Qatar', true);
  }

  private parts(date: Date, timeZone: string, time: boolean): string {
    const parts = new Intl.DateTimeFormat(this.locale, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      ...(time ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
      timeZone,
    }).formatToParts(date);
    const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    const day = `${get('day')}/${get('month')}/${get('year')}`;
    return time ? `${day} ${get('hour')}:${get('minute')}` : day;
  }

  private covers(name: string, char: string): boolean {
    const key = `${name}:${char}`;
    let covered = this.coverage.get(key);
    if (covered === undefined) {
      covered = faceOf(name).hasGlyphForCodePoint(char.codePointAt(0) ?? 0);
      this.coverage.set(key, covered);
    }
    return covered;
  }

  private coverage = new Map<string, boolean>();

  /**
   * The font of a character: the first face that has it, Latin first. A space keeps the font of the character
   * before it, so the words of an Arabic phrase stay one run (shaped and extracted as one).
   */
  private fontOf(bold: boolean): (char: string, previous: string | undefined) => string {
    const weight = bold ? 700 : 400;
    return (char, previous) => {
      if (previous && /\s/.test(char) && this.covers(previous, char)) return previous;
      for (const face of FACES) if (this.covers(`${face}-${weight}`, char)) return `${face}-${weight}`;
      return `latin-${weight}`;
    };
  }

  /**
   * A run's text as the shaper must get it: fontkit picks the direction from the run's script, so a run whose
   * direction differs from its script's (Arabic-Indic digits inside Arabic text are left to right; spaces and
   * punctuation between Arabic words right to left) is handed over reversed and comes out in visual order.
   */
  private shaped(text: string, rtl: boolean): string {
    if (ARABIC_SCRIPT.test(text) === rtl) return text;
    const reversed = Array.from(text).reverse();
    // The shaper mirrors brackets only in the runs it lays out right to left; these it lays out left to right.
    return (rtl ? reversed.map(mirror) : reversed).join('');
  }

  private measure(text: string, size: number, bold: boolean, base: Direction): number {
    let width = 0;
    for (const run of visualRuns(text, base, this.fontOf(bold)))
      width += this.pdf
        .font(run.font)
        .fontSize(size)
        .widthOfString(this.shaped(run.text, run.rtl), { features: [] });
    return width;
  }

  /** One line laid out in direction `base`, drawn against the left or the right edge of `x`…`x + width`. */
  private drawLine(text: string, x: number, width: number, y: number, o: LineStyle & { side: Side }) {
    const runs = visualRuns(text, o.base, this.fontOf(o.bold));
    const widths = runs.map((r) =>
      this.pdf.font(r.font).fontSize(o.size).widthOfString(this.shaped(r.text, r.rtl), { features: [] }),
    );
    const total = widths.reduce((a, b) => a + b, 0);
    let cx = o.side === 'right' ? x + width - total : x;
    runs.forEach((run, i) => {
      this.pdf
        .font(run.font)
        .fontSize(o.size)
        .text(this.shaped(run.text, run.rtl), cx, y, { lineBreak: false, features: [] });
      cx += widths[i] ?? 0;
    });
  }

  /** `text` broken into lines that fit `width` (at spaces; a word too long for a line at characters). */
  private wrap(text: string, width: number, o: LineStyle): string[] {
    const fits = (t: string) => this.measure(t, o.size, o.bold, o.base) <= width;
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/(?<=\s)/)) {
      const candidate = line + word;
      if (line === '' || fits(candidate.trimEnd())) {
        line = candidate;
        continue;
      }
      lines.push(line.trimEnd());
      line = word;
      while (!fits(line.trimEnd()) && Array.from(line).length > 1) {
        const chars = Array.from(line);
        let cut = chars.length - 1;
        while (cut > 1 && !fits(chars.slice(0, cut).join(''))) cut--;
        lines.push(chars.slice(0, cut).join(''));
        line = chars.slice(cut).join('');
      }
    }
    if (line.trim() !== '' || lines.length === 0) lines.push(line.trimEnd());
    // An isolate cut by the wrap closes at the line's end and opens again on the next line.
    let open = 0;
    return lines.map((text) => {
      const opened = '\u2068'.repeat(open);
      for (const char of text) {
        if (char === '\u2068') open++;
        else if (char === '\u2069' && open > 0) open--;
      }
      return opened + text + '\u2069'.repeat(open);
    });
  }

  /** The physical side a line starts from: the start of the document's direction, or its end. */
  private side(align: Align): Side {
    return (align === 'start') === this.rtl ? 'right' : 'left';
  }

  private get direction(): Direction {
    return this.rtl ? 'rtl' : 'ltr';
  }

  private room(height: number) {
    if (this.y + height > PAGE.height - PAGE.margin) {
      this.pdf.addPage();
      this.y = PAGE.margin;
    }
  }

  /** A line of the document's own words, from its start margin. */
  line(text: string, o: { size?: number; bold?: boolean; gap?: number } = {}) {
    const size = o.size ?? BODY;
    this.room(size * LINE);
    this.drawLine(text, this.left, this.width, this.y, {
      size,
      bold: o.bold ?? false,
      base: this.direction,
      side: this.side('start'),
    });
    this.y += size * LINE + (o.gap ?? 0);
  }

  heading(text: string) {
    this.y += 10;
    this.room(13 * LINE + BODY * LINE * 2);
    this.line(text, { size: 13, bold: true, gap: 2 });
  }

  /** A paragraph someone wrote, in its own direction and from its own start side. */
  paragraph(text: string) {
    const base = directionOf(text, this.direction);
    const style = { size: BODY, bold: false, base };
    for (const line of this.wrap(text, this.width, style)) {
      this.room(BODY * LINE);
      this.drawLine(line, this.left, this.width, this.y, {
        ...style,
        side: base === 'rtl' ? 'right' : 'left',
      });
      this.y += BODY * LINE;
    }
    this.y += 4;
  }

  /**
   * A label in bold on the start side, its value beside it (wrapped in its own column). The value is laid out in
   * the document's direction; what users wrote is isolated inside it (FSI…PDI) so it keeps its own.
   */
  field(label: string, value: string) {
    const labelWidth = 150;
    const style = { size: BODY, bold: false, base: this.direction };
    const valueWidth = this.width - labelWidth;
    const labels = this.wrap(label, labelWidth - 8, { ...style, bold: true });
    const values = this.wrap(value, valueWidth, style);
    this.room(BODY * LINE * Math.max(labels.length, values.length));
    const labelX = this.rtl ? this.left + valueWidth : this.left;
    const valueX = this.rtl ? this.left : this.left + labelWidth;
    const side = this.side('start');
    labels.forEach((line, n) => {
      this.drawLine(line, labelX, labelWidth, this.y + n * BODY * LINE, { ...style, bold: true, side });
    });
    values.forEach((line, n) => {
      this.drawLine(line, valueX, valueWidth, this.y + n * BODY * LINE, { ...style, side });
    });
    this.y += BODY * LINE * Math.max(labels.length, values.length);
  }

  /** A table whose first column is on the start side (the right in Arabic); the header again after a page break. */
  table(columns: Column[], rows: string[][]) {
    const pad = 5;
    const fixed = columns.reduce((sum, c) => sum + c.width, 0);
    const widths = columns.map((c) => c.width || this.width - fixed);
    // Each column's left edge: in Arabic the columns run from the right margin leftwards.
    const xs: number[] = [];
    let offset = 0;
    for (const width of widths) {
      xs.push(this.rtl ? this.left + this.width - offset - width : this.left + offset);
      offset += width;
    }
    const drawRow = (cells: string[], bold: boolean, shade: boolean) => {
      const style = { size: BODY, bold, base: this.direction };
      const cellLines = cells.map((cell, i) => this.wrap(cell, (widths[i] ?? 0) - 2 * pad, style));
      const height = Math.max(...cellLines.map((lines) => lines.length)) * BODY * LINE + 2 * pad - 4;
      this.room(height);
      if (shade) this.pdf.rect(this.left, this.y, this.width, height).fill('#eef1f4').fillColor('black');
      cellLines.forEach((lines, i) => {
        lines.forEach((line, n) => {
          this.drawLine(
            line,
            (xs[i] ?? 0) + pad,
            (widths[i] ?? 0) - 2 * pad,
            this.y + pad - 2 + n * BODY * LINE,
            {
              ...style,
              side: this.side(columns[i]?.align ?? 'start'),
            },
          );
        });
      });
      this.pdf
        .moveTo(this.left, this.y + height)
        .lineTo(this.left + this.width, this.y + height)
        .lineWidth(0.5)
        .stroke('#9aa5b1');
      this.y += height;
    };
    const header = columns.map((c) => c.title);
    drawRow(header, true, true);
    const last = rows.length - 1;
    rows.forEach((row, i) => {
      if (this.y + BODY * LINE + 10 > PAGE.height - PAGE.margin) {
        this.room(Number.POSITIVE_INFINITY);
        drawRow(header, true, true);
      }
      drawRow(row, i === last, false);
    });
  }

  /** "Page n of m" at the foot of every page, centred. */
  pageNumbers(label: (n: number, of: number) => string) {
    const range = this.pdf.bufferedPageRange();
    for (let i = 0; i < range.count; i++) {
      this.pdf.switchToPage(range.start + i);
      const text = label(i + 1, range.count).replace(/\d+/g, (d) => this.number(Number(d)));
      const style = { size: 8, bold: false, base: this.direction };
      const width = this.measure(text, style.size, style.bold, style.base);
      this.drawLine(text, (PAGE.width - width) / 2, width, PAGE.height - PAGE.margin / 2 - 8, {
        ...style,
        side: 'left',
      });
    }
  }
}
