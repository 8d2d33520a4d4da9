import { describe, expect, it } from 'vitest';
import { companyLogoSrc } from './logo.ts';

describe('company logo rule (docs/product-spec.md §5: png, jpg, jpeg, gif, webp only)', () => {
  it('keeps logos with an allowed extension, in any case, ignoring query and fragment', () => {
    for (const url of [
      'https://cdn.example.qa/logos/acme.png',
      'https://cdn.example.qa/logos/acme.JPG',
      '/uploads/acme.jpeg?v=3',
      'https://cdn.example.qa/a.gif#top',
      'https://cdn.example.qa/a.webp',
    ]) {
      expect(companyLogoSrc(url)).toBe(url);
    }
  });

  it('gives the placeholder (null) for other extensions, empty values and non-http URLs', () => {
    for (const url of [
      'https://cdn.example.qa/logos/acme.svg',
      'https://cdn.example.qa/logos/acme.pdf',
      'https://cdn.example.qa/logos/acme.png.exe',
      'https://cdn.example.qa/logos/acme',
      'javascript:alert(1)//a.png',
      'data:image/png;base64,AAAA',
      '',
      '   ',
      null,
      undefined,
    ]) {
      expect(companyLogoSrc(url)).toBeNull();
    }
  });

  it("passes the API's file URLs, which carry the extension; an extension-less one gets the placeholder", () => {
    const url = 'http://localhost:4000/api/v1/files/3f2b8c1e-1d2a-4c5b-9e8f-0a1b2c3d4e5f.png';
    expect(companyLogoSrc(url)).toBe(url);
    expect(companyLogoSrc(url.replace(/\.png$/, ''))).toBeNull();
  });
});
