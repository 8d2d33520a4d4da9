import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import * as mupdf from 'mupdf';
import PDFDocument from 'pdfkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ContractDocument, renderContractPdf } from '../src/lib/contract-pdf/index.ts';

/**
 * The contract PDF is checked as a reader sees it: its pages rendered to pixels by MuPDF (its own renderer, not
 * the library that wrote the file). The Arabic title must look like the same word drawn by a reference shaper
 * (Skia with HarfBuzz, @napi-rs/canvas) in the same font: letters joined and laid out right to left. Two wrong
 * renderings of the title — its letters in their isolated forms, and its joined forms in left-to-right order —
 * are drawn into PDFs the same way and must fail the same check (the negative controls).
 */

const require = createRequire(import.meta.url);
const fontFile = (face: string, weight: number) =>
  readFileSync(
    require.resolve(`@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-${face}-${weight}-normal.woff`),
  );

const SCALE = 3;
const PAGE_WIDTH = 595.28;
const MARGIN = 56;
const TITLE_SIZE = 22;
/** The title's band: from the top margin, one title line high. */
const TITLE_BAND = { top: MARGIN, bottom: MARGIN + TITLE_SIZE * 1.55 };

const DOC: ContractDocument = {
  number: 'BWB-2026-0005-C',
  tender: { number: 'BWB-2026-0005', title: 'توريد مضخات المياه (المرحلة 2) لمحطة الدوحة' },
  buyer: { name: 'شركة الخليج للمقاولات' },
  supplier: { name: 'Qatar Pumps W.L.L.' },
  value: 1_250_000.5,
  currency: 'QAR',
  milestones: [
    { title: 'التوريد الأول للمضخات', dueDate: '2026-12-15', amount: 500_000 },
    {
      title: 'Installation and testing of 12 pumps at the Doha station',
      dueDate: '2027-01-31',
      amount: 750_000.5,
    },
  ],
  terms:
    'يلتزم المورد بتوريد 12 مضخة وفق المواصفات المرفقة (ISO 9001) خلال 60 يومًا.\nThe pumps carry a 24-month warranty.',
  acceptances: [{ side: 'buyer', name: 'أحمد الكواري', at: '2026-11-27T10:15:00Z' }],
  status: 'pending',
  createdAt: '2026-11-26T08:00:00Z',
};

interface Gray {
  pixels: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
  /** Bytes per pixel. */
  n: number;
}
interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function renderPage(pdf: Uint8Array, pageNumber = 0): Gray {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  const pixmap = doc
    .loadPage(pageNumber)
    .toPixmap(mupdf.Matrix.scale(SCALE, SCALE), mupdf.ColorSpace.DeviceGray, false, true);
  return { pixels: pixmap.getPixels(), width: pixmap.getWidth(), height: pixmap.getHeight(), n: 1 };
}

const inkAt = (img: Gray, x: number, y: number) => (img.pixels[(y * img.width + x) * img.n] ?? 255) < 128;

/** The bounding box of the ink inside `area` (pixels). */
function inkBox(img: Gray, area: Box): Box {
  const box = { left: Number.POSITIVE_INFINITY, top: Number.POSITIVE_INFINITY, right: -1, bottom: -1 };
  for (let y = Math.max(0, area.top); y < Math.min(img.height, area.bottom); y++)
    for (let x = Math.max(0, area.left); x < Math.min(img.width, area.right); x++)
      if (inkAt(img, x, y)) {
        box.left = Math.min(box.left, x);
        box.right = Math.max(box.right, x + 1);
        box.top = Math.min(box.top, y);
        box.bottom = Math.max(box.bottom, y + 1);
      }
  if (box.right < 0) throw new Error('no ink in the area');
  return box;
}

/** The ink of `box` as a grid of coverage fractions (the shape, whatever its size). */
function shape(img: Gray, box: Box, columns = 24, rows = 12): number[] {
  const cells: number[] = [];
  const w = box.right - box.left;
  const h = box.bottom - box.top;
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++) {
      let ink = 0;
      let all = 0;
      for (let y = box.top + Math.floor((r * h) / rows); y < box.top + Math.floor(((r + 1) * h) / rows); y++)
        for (
          let x = box.left + Math.floor((c * w) / columns);
          x < box.left + Math.floor(((c + 1) * w) / columns);
          x++
        ) {
          all++;
          if (inkAt(img, x, y)) ink++;
        }
      cells.push(all ? ink / all : 0);
    }
  return cells;
}

/** Pearson correlation of two shapes: 1 for the same drawing. */
function correlation(a: number[], b: number[]): number {
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const ma = mean(a);
  const mb = mean(b);
  let ab = 0;
  let aa = 0;
  let bb = 0;
  a.forEach((x, i) => {
    const y = b[i] ?? 0;
    ab += (x - ma) * (y - mb);
    aa += (x - ma) ** 2;
    bb += (y - mb) ** 2;
  });
  return ab / Math.sqrt(aa * bb);
}

/** The reference: the word shaped and drawn right to left by Skia + HarfBuzz, in the same font and pixel size. */
function reference(text: string): Gray {
  const size = TITLE_SIZE * SCALE;
  const canvas = createCanvas(size * text.length * 2, size * 2);
  const g = canvas.getContext('2d');
  g.fillStyle = 'white';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = 'black';
  g.font = `${size}px ContractPdfReference`;
  g.direction = 'rtl';
  g.textAlign = 'right';
  g.fillText(text, canvas.width - size / 2, size * 1.3);
  const rgba = g.getImageData(0, 0, canvas.width, canvas.height).data;
  return { pixels: rgba, width: canvas.width, height: canvas.height, n: 4 };
}

/** The title band of a rendered first page: its ink box and its shape. */
function title(img: Gray) {
  const box = inkBox(img, {
    left: 0,
    right: img.width,
    top: Math.floor(TITLE_BAND.top * SCALE),
    bottom: Math.ceil(TITLE_BAND.bottom * SCALE),
  });
  return { box, shape: shape(img, box), aspect: (box.right - box.left) / (box.bottom - box.top) };
}

/** How closely a rendered title matches the reference's drawing of `word`. */
function matchOf(img: Gray, word: string) {
  const ref = reference(word);
  const expected = inkBox(ref, { left: 0, top: 0, right: ref.width, bottom: ref.height });
  const got = title(img);
  const refAspect = (expected.right - expected.left) / (expected.bottom - expected.top);
  return { correlation: correlation(got.shape, shape(ref, expected)), aspectRatio: got.aspect / refAspect };
}

const looksLikeReference = (m: { correlation: number; aspectRatio: number }) =>
  m.correlation > 0.85 && Math.abs(m.aspectRatio - 1) < 0.1;

/**
 * A PDF with only a title drawn glyph by glyph at the title's place and size, as a renderer without shaping or
 * without right-to-left layout would: `chars` left to right from the right margin (`fromRight`) or the left.
 */
async function controlPdf(chars: string[], fromRight: boolean): Promise<Uint8Array> {
  const pdf = new PDFDocument({ size: [PAGE_WIDTH, 841.89], margin: MARGIN });
  pdf.registerFont('arabic', fontFile('arabic', 700));
  const parts: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => parts.push(chunk));
  const ended = new Promise((resolve) => pdf.on('end', resolve));
  pdf.font('arabic').fontSize(TITLE_SIZE);
  const widths = chars.map((c) => pdf.widthOfString(c));
  let x = fromRight ? PAGE_WIDTH - MARGIN - widths.reduce((a, b) => a + b, 0) : MARGIN;
  chars.forEach((c, i) => {
    pdf.text(c, x, MARGIN, { lineBreak: false });
    x += widths[i] ?? 0;
  });
  pdf.end();
  await ended;
  return new Uint8Array(Buffer.concat(parts));
}

describe('the contract PDF', () => {
  let arabic: Uint8Array;
  let english: Uint8Array;
  beforeAll(async () => {
    GlobalFonts.register(fontFile('arabic', 700), 'ContractPdfReference');
    [arabic, english] = await Promise.all([renderContractPdf(DOC, 'ar'), renderContractPdf(DOC, 'en')]);
  });

  it('is a PDF in either language', () => {
    for (const pdf of [arabic, english]) {
      expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      expect(mupdf.Document.openDocument(pdf, 'application/pdf').countPages()).toBe(1);
    }
  });

  it('draws the Arabic title shaped (its letters joined) and right to left, at the right margin', () => {
    const page = renderPage(arabic);
    const match = matchOf(page, 'عقد');
    expect(match.correlation).toBeGreaterThan(0.85);
    expect(match.aspectRatio).toBeGreaterThan(0.9);
    expect(match.aspectRatio).toBeLessThan(1.1);
    const { box } = title(page);
    // Right-aligned: the ink ends at the right margin (within a glyph's side bearing), far from the left one.
    expect(Math.abs(box.right / SCALE - (PAGE_WIDTH - MARGIN))).toBeLessThan(4);
    expect(box.left / SCALE).toBeGreaterThan(PAGE_WIDTH / 2);
  });

  it('fails the same check for an unshaped or a left-to-right title (negative controls)', async () => {
    // ع ق د in their isolated forms, right to left: unshaped.
    const isolated = matchOf(renderPage(await controlPdf(['\uFEA9', '\uFED5', '\uFEC9'], true)), 'عقد');
    // ع ق د in their joining forms (initial, medial, final), placed left to right: shaped, wrong direction.
    const leftToRight = matchOf(renderPage(await controlPdf(['\uFECB', '\uFED8', '\uFEAA'], false)), 'عقد');
    expect(looksLikeReference(isolated)).toBe(false);
    expect(looksLikeReference(leftToRight)).toBe(false);
    // …while the same glyphs joined and right to left pass it: the controls differ only in what they break.
    const joined = matchOf(renderPage(await controlPdf(['\uFEAA', '\uFED8', '\uFECB'], true)), 'عقد');
    expect(looksLikeReference(joined)).toBe(true);
  });

  it('starts English pages at the left margin', () => {
    const { box } = title(renderPage(english));
    expect(Math.abs(box.left / SCALE - MARGIN)).toBeLessThan(4);
    expect(box.right / SCALE).toBeLessThan(PAGE_WIDTH / 2);
  });

  it('mirrors the milestones table in Arabic: its first column at the right', () => {
    const hashX = (pdf: Uint8Array) => {
      let x = Number.NaN;
      mupdf.Document.openDocument(pdf, 'application/pdf')
        .loadPage(0)
        .toStructuredText('')
        .walk({
          onChar(char, origin) {
            if (char === '#') x = origin[0];
          },
        });
      return x;
    };
    expect(hashX(arabic)).toBeGreaterThan(PAGE_WIDTH - MARGIN - 30);
    expect(hashX(english)).toBeLessThan(MARGIN + 10);
  });

  it('gives the Arabic title back in reading order when its text is extracted', () => {
    const text = mupdf.Document.openDocument(arabic, 'application/pdf')
      .loadPage(0)
      .toStructuredText('')
      .asText();
    // A joining glyph the font adds between two letters has no character of its own (U+FFFD in the extraction).
    const firstLine = text
      .split('\n')[0]
      ?.replace(/\uFFFD/g, '')
      .trim();
    expect(firstLine).toBe('عقد');
    expect(text).toContain('BWB-2026-0005-C');
  });

  it('writes amounts and dates with the language digits, as the site does', () => {
    const text = (pdf: Uint8Array) =>
      mupdf.Document.openDocument(pdf, 'application/pdf').loadPage(0).toStructuredText('').asText();
    expect(text(english)).toContain('QAR 1,250,000.50');
    expect(text(english)).toContain('15/12/2026');
    expect(text(english)).toContain('Awaiting acceptance');
    // Arabic-Indic digits are drawn (the extraction's own order of them is MuPDF's guess: test the digits only).
    expect(text(arabic)).toMatch(/[٠-٩]/);
    expect(text(arabic)).not.toMatch(/1,250,000/);
  });
});
