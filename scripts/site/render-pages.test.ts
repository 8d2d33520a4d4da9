/** Putting the server's render into the built page (node --test; scripts/site/render-pages.ts). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scriptJson, withRender } from './render-pages.ts';

const BUILT = `<!doctype html><html lang="en" dir="ltr"><head><script defer src="/main.js"></script></head><body>
<div id="root"><div class="bw-shell" id="bw-static"><main><div class="bw-loading"></div></main></div></div></body></html>`;

test('the server’s markup replaces the static shell inside #root, with the hand-over after it', () => {
  const page = withRender(
    BUILT,
    {
      html: '<main>تجربة</main>',
      answers: { a: { data: 1 } },
      user: null,
      remotes: {
        account: 'https://a.example/mf-manifest.json',
        tenders: 'https://t.example/mf-manifest.json',
      },
    },
    'ar',
  );
  assert.match(page, /<html lang="ar" dir="rtl" data-bw-rendered="ar" data-bw-rendered-for="anon">/);
  assert.match(
    page,
    /<div id="root"><main>تجربة<\/main><\/div><script type="application\/json" id="bw-render">/,
  );
  assert.doesNotMatch(page, /bw-static/);
  const handOver = JSON.parse(/id="bw-render">(.*?)<\/script>/.exec(page)?.[1] ?? 'null');
  assert.deepEqual(handOver, {
    language: 'ar',
    user: null,
    remotes: { account: 'https://a.example/mf-manifest.json', tenders: 'https://t.example/mf-manifest.json' },
    answers: { a: { data: 1 } },
  });
  assert.match(page, /<script defer src="\/main.js"><\/script>/);
});

test('the hand-over is what the host release rendered, passed on as it is (a release that rendered one remote)', () => {
  const page = withRender(
    BUILT,
    {
      html: '<p>x</p>',
      styles: '<style data-emotion="css a">.css-a{}</style>',
      answers: {},
      user: null,
      remote: 'tenders',
      manifest: 'https://t.example/1.6.0/mf-manifest.json',
      remoteLeftOut: 'slow',
    },
    'en',
  );
  const handOver = JSON.parse(/id="bw-render">(.*?)<\/script>/.exec(page)?.[1] ?? 'null');
  assert.deepEqual(handOver, {
    language: 'en',
    answers: {},
    user: null,
    remote: 'tenders',
    manifest: 'https://t.example/1.6.0/mf-manifest.json',
  });
});

test('text from the API cannot close the hand-over’s <script> element or break its line', () => {
  const json = scriptJson({ title: '</script><script>alert(1)</script>\u2028' });
  assert.doesNotMatch(json, /<\/script>/i);
  assert.doesNotMatch(json, /\u2028/);
  assert.deepEqual(JSON.parse(json), { title: '</script><script>alert(1)</script>\u2028' });
});

test('a page without the root element is refused, not sent half-rendered', () => {
  assert.throws(() =>
    withRender('<html><body></body></html>', { html: '', answers: {}, user: null, remotes: {} }, 'en'),
  );
});

test('style attributes (refused by the CSP in markup) travel as data-bw-style, set by a script before hydration', () => {
  const page = withRender(
    BUILT,
    {
      html: '<input type="file" style="display:none"/><p>a style=&quot;x&quot; in text (React escapes quotes in text)</p>',
      answers: {},
      user: null,
      remotes: {},
    },
    'en',
  );
  assert.match(page, /<input type="file" data-bw-style="display:none"\/>/);
  assert.doesNotMatch(page, /<input[^>]* style=/);
  assert.match(page, /<p>a style=&quot;x&quot; in text/);
  assert.match(
    page,
    /<\/div><script>for\(const e of document.querySelectorAll\('#root \[data-bw-style\]'\)\)/,
  );
  assert.doesNotMatch(
    withRender(BUILT, { html: '<p>x</p>', answers: {}, user: null, remotes: {} }, 'en'),
    /data-bw-style/,
  );
});

test('the page’s Emotion rules go into the head, before the markup that uses them', () => {
  const styles = '<style data-emotion="css abc">.css-abc{color:red}</style>';
  const page = withRender(
    BUILT,
    { html: '<p class="css-abc">x</p>', styles, answers: {}, user: null, remote: null },
    'en',
  );
  const head = /<head>([\s\S]*)<\/head>/.exec(page)?.[1] ?? '';
  assert.ok(head.endsWith(styles));
  assert.ok(page.indexOf(styles) < page.indexOf('<p class="css-abc">'));
  // A host release that writes its rules into the markup sends none apart: the head is left as built.
  assert.match(
    withRender(BUILT, { html: '<p>x</p>', answers: {}, user: null, remote: null }, 'en'),
    /<head><script defer src="\/main.js"><\/script><\/head>/,
  );
});
