import { describe, expect, it } from 'vitest';
import { htmlToText } from './text.ts';

describe('htmlToText (card summaries)', () => {
  it('keeps the words of adjacent blocks apart and drops the markup', () => {
    expect(
      htmlToText('<h2>About Acme</h2><p>Acme builds <strong>roads</strong>.</p><ul><li>One</li></ul>'),
    ).toBe('About Acme Acme builds roads. One');
  });
  it('never runs what it parses', () => {
    expect(htmlToText('<img src=x onerror="window.__pwned=1"><p>Hi</p>')).toBe('Hi');
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });
  it('reads the escapes stored rich text holds, once (the same text on the server and in the browser)', () => {
    expect(htmlToText('<p>Training &amp; Development &lt;b&gt; &quot;QA&quot; &amp;lt;</p>')).toBe(
      'Training & Development <b> "QA" &lt;',
    );
  });
});
