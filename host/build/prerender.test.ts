/** The prerender build step (./prerender.ts): node --test host/build/prerender.test.ts */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import {
  compileEntry,
  cssOf,
  extractEmotionStyles,
  PRERENDERED_SEGMENTS,
  prerenderedPage,
} from './prerender.ts';

const INDEX =
  '<html><head><style id="chakra-global-css">:root{}</style></head><body><div id="root"><div id="bw-static">' +
  '<main><div class="bw-container bw-page"><div class="bw-loading"><span></span></div></div></main></div></div>' +
  '</body></html>';

test('Emotion rules leave the markup; the runtime globals are dropped, test ids removed', () => {
  const { markup, rules } = extractEmotionStyles(
    '<style data-emotion="css-global 1a">:root{--x:1}</style><style data-emotion="css 2b">.css-2b{gap:1rem}</style>' +
      '<div class="chakra-stack css-2b" data-testid="host-page-about"><p>Hi</p></div>',
  );
  assert.equal(markup, '<div class="chakra-stack css-2b"><p>Hi</p></div>');
  assert.deepEqual(rules, [['2b', '.css-2b{gap:1rem}']]);
});

test('markup the page CSP would refuse is an error, not a page', () => {
  assert.throws(() => extractEmotionStyles('<iframe style="border:0"></iframe>'), /style attribute/);
  assert.throws(() => extractEmotionStyles('<script>alert(1)</script>'), /<script>/);
});

test("a page's CSS is the rules of the classes it uses, in Emotion's order", () => {
  const rules: [string, string][] = [
    ['a1', '.css-a1{}'],
    ['b2', '.css-b2{}'],
    ['c3', '.css-c3{}'],
  ];
  assert.equal(cssOf(['<p class="css-c3"></p>', '<p class="x css-a1"></p>'], rules), '.css-a1{}.css-c3{}');
});

test('the page goes in place of the loading indicator, both languages, shown on its own route only', () => {
  const html = prerenderedPage(INDEX, {
    segment: 'about',
    part: 'whole',
    css: '.css-a1{gap:1rem}',
    markup: { en: '<h1>About Bawaba</h1>', ar: '<h1>عن بوابة</h1>' },
  });
  assert.match(
    html,
    /<div class="bw-container bw-page"><div class="bw-pre-about"><div class="bw-en" lang="en" dir="ltr"><h1>About Bawaba<\/h1><\/div><div class="bw-ar" lang="ar" dir="rtl"><h1>عن بوابة<\/h1><\/div><\/div><div class="bw-loading">/,
  );
  // After Chakra's global CSS (the layer order it declares comes first), in the head: serve.ts gives it the nonce.
  assert.match(
    html,
    /id="chakra-global-css">:root\{\}<\/style><style id="bw-prerender-css">\.css-a1\{gap:1rem\}/,
  );
  assert.match(html, /html:not\(\[data-bw-page='about'\]\) \.bw-pre-about\{display:none\}/);
  assert.match(html, /html\[data-bw-page='about'\] \.bw-pre-about~\.bw-loading\{display:none\}/);
  assert.throws(() =>
    prerenderedPage('<html></html>', { segment: 'x', part: 'whole', css: '', markup: { en: '', ar: '' } }),
  );
});

test("a page's top goes above the loading indicator, which stays shown below it on its route", () => {
  const html = prerenderedPage(INDEX, {
    segment: 'contact-us',
    part: 'top',
    css: '.css-a1{gap:1rem}',
    markup: { en: '<h1>Contact us</h1>', ar: '<h1>اتصل بنا</h1>' },
  });
  assert.match(
    html,
    /<div class="bw-pre-contact-us"><div class="bw-en" lang="en" dir="ltr"><h1>Contact us<\/h1><\/div><div class="bw-ar" lang="ar" dir="rtl"><h1>اتصل بنا<\/h1><\/div><\/div><div class="bw-loading">/,
  );
  assert.match(html, /html:not\(\[data-bw-page='contact-us'\]\) \.bw-pre-contact-us\{display:none\}/);
  assert.doesNotMatch(html, /\.bw-pre-contact-us~\.bw-loading/);
});

test('every prerendered segment is one the static shell names in data-bw-page, whole or top', () => {
  const shell = readFileSync(path.join(import.meta.dirname, '..', 'index.html'), 'utf8');
  const names = /\/\^\\\/\(([a-z|-]+)\)\$\/\.test\(path\)/.exec(shell)?.[1]?.split('|') ?? [];
  for (const segment of PRERENDERED_SEGMENTS) assert.ok(names.includes(segment), segment);
});

test('the real pages render with the compiled catalogs and the Chakra system, without style attributes', async () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'bw-prerender-'));
  try {
    const file = await compileEntry(path.join(import.meta.dirname, '..'), outDir);
    const { render, segments } = (
      (await import(pathToFileURL(file).href)) as {
        default: { render(segment: string, language: string): string; segments: string[] };
      }
    ).default;
    // Every page PRERENDERED names has its component in the entry, and no other.
    assert.deepEqual([...segments].sort(), [...PRERENDERED_SEGMENTS].sort());
    const ar = extractEmotionStyles(render('about', 'ar'));
    assert.match(ar.markup, /<h1 class="chakra-heading css-[a-z0-9]+">عن بوابة<\/h1>/);
    assert.match(cssOf([ar.markup], ar.rules), /font-size:var\(--chakra-font-sizes-3xl\)/);
    const en = extractEmotionStyles(render('terms', 'en'));
    assert.match(en.markup, />Terms and conditions<\/h1>/);
    assert.doesNotMatch(en.markup, /data-testid/);
    // /contact-us: its top only (ContactUsIntro), the heading and the intro, nothing from the API or the form.
    const contact = extractEmotionStyles(render('contact-us', 'en'));
    assert.match(
      contact.markup,
      /^<div class="chakra-stack css-[a-z0-9]+"><h1 class="chakra-heading css-[a-z0-9]+">Contact us<\/h1><p class="css-[a-z0-9]+">Questions about listing your company, a tender or your account\? Write to us\.<\/p><\/div>$/,
    );
    assert.doesNotMatch(extractEmotionStyles(render('contact-us', 'ar')).markup, /Contact us|<form|<iframe/);
    // /open-data: its texts come from its own lazy catalog, its links to other pages are plain anchors.
    const openData = extractEmotionStyles(render('open-data', 'ar')).markup;
    assert.match(openData, />سياسة نشر البيانات المفتوحة<\/h1>/);
    assert.match(openData, /<a [^>]*href="\/contact-us"[^>]*>صفحة الاتصال<\/a>/);
    assert.match(openData, /<a [^>]*href="\/api\/v1\/ocds\/releases"/);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
});
