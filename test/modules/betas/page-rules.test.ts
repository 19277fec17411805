// The design's rules that need no service: contrast, the palette drawn from two colours, the
// Markdown whitelist, the image types told by their bytes, and how a referrer is named.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { contrastRatio, readableOn } from '../../../src/modules/betas/contrast.ts';
import { mergePage, pageProblems, paletteOf, parseStoredPage, defaultPage } from '../../../src/modules/betas/beta-page.ts';
import { sniffImageType } from '../../../src/modules/betas/image-check.ts';
import { plainText, renderMarkdown } from '../../../src/public/markdown.ts';
import { themePath, themeStylesheet } from '../../../src/public/design.ts';
import { referrerDisplayName } from '../../../src/modules/testers/public-name.ts';

describe('page design rules', () => {
  test('contrast ratios are WCAG 2.2\'s, unrounded', () => {
    assert.equal(contrastRatio('#000000', '#ffffff'), 21);
    assert.equal(contrastRatio('#ffffff', '#ffffff'), 1);
    assert.equal(contrastRatio('#2563eb', '#ffffff').toFixed(4), '5.1686');
    assert.equal(contrastRatio('#777777', '#ffffff').toFixed(4), '4.4781');
    assert.equal(contrastRatio('#ffffff', '#777777'), contrastRatio('#777777', '#ffffff'), 'symmetric');
    assert.equal(readableOn('#fbbf24', ['#111827', '#ffffff']), '#111827');
    assert.equal(readableOn('#1e1b4b', ['#111827', '#ffffff']), '#ffffff');
  });

  test('the palette: text colours by contrast, the accent falls back to the text colour where the brand is unreadable on white', () => {
    assert.deepEqual(paletteOf({ brand_color: null, background_color: null }), { brand: '#2563eb', onBrand: '#ffffff', background: '#f4f5f7', onBackground: '#111827', accent: '#2563eb' });
    assert.deepEqual(paletteOf({ brand_color: '#fbbf24', background_color: '#0f172a' }), { brand: '#fbbf24', onBrand: '#111827', background: '#0f172a', onBackground: '#ffffff', accent: '#111827' });
  });

  test('a colour is refused only when neither text colour reaches 4.5:1 on it', () => {
    assert.deepEqual(pageProblems({ ...defaultPage(), brand_color: '#6b7280' }), [], '#6b7280 takes white at 4.83:1');
    assert.equal(pageProblems({ ...defaultPage(), brand_color: '#777777' }).length, 1);
    assert.match(pageProblems({ ...defaultPage(), background_color: '#7a7a7a' })[0], /^page\.background_color #7a7a7a with the text on it #ffffff has a contrast ratio of 4\.\d\d:1; WCAG AA needs at least 4\.5:1/);
  });

  test('merging keeps the images, lower-cases colours, trims texts and ignores unknown keys; stored designs gain new keys from the defaults', () => {
    const current = { ...defaultPage(), logo: { digest: 'a'.repeat(64), content_type: 'image/png' } };
    const merged = mergePage(current, { brand_color: '#ABCDEF', headline: ' Hi ', logo: null } as never);
    assert.deepEqual(merged, { ...current, brand_color: '#abcdef', headline: 'Hi' });
    assert.deepEqual(parseStoredPage('{"headline":"Old"}'), { ...defaultPage(), headline: 'Old' });
  });

  test('Markdown: the whitelist renders, everything else is text; links only to http(s) and mailto', () => {
    assert.equal(renderMarkdown('**b** *i* ~~s~~ `c`').html, '<p><strong>b</strong> <em>i</em> <s>s</s> <code>c</code></p>\n');
    assert.equal(renderMarkdown('# Title\n\n![img](https://x.example/a.png)\n\n| a |\n|---|').html, '<p># Title</p>\n<p>!<a href="https://x.example/a.png" rel="nofollow noopener noreferrer" target="_blank">img</a></p>\n<p>| a |<br>\n|---|</p>\n', 'headings, images and tables are text; a line break stays one');
    assert.equal(renderMarkdown('<b onclick="x">hi</b>').html, '<p>&lt;b onclick=&quot;x&quot;&gt;hi&lt;/b&gt;</p>\n');
    assert.equal(renderMarkdown('[a](javascript:alert(1)) [b](data:text/html,x) [c](mailto:a@b.example)').html,
      '<p>[a](javascript:alert(1)) [b](data:text/html,x) <a href="mailto:a@b.example" rel="nofollow noopener noreferrer" target="_blank">c</a></p>\n');
    assert.equal(renderMarkdown(null).html, '');
    assert.equal(plainText('We **launch**\n\n- soon'), 'We launch - soon');
    assert.equal(plainText('x'.repeat(300), 10), `${'x'.repeat(9)}…`);
  });

  test('image types by their bytes', () => {
    const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))));
    assert.equal(sniffImageType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'rest')), 'image/png');
    assert.equal(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xdb])), 'image/jpeg');
    assert.equal(sniffImageType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8L')), 'image/webp');
    assert.equal(sniffImageType(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt ')), undefined, 'a RIFF that is not WebP');
    assert.equal(sniffImageType(bytes('\uFEFF<?xml version="1.0"?>\n<!-- made by hand -->\n<svg viewBox="0 0 1 1"/>')), 'image/svg+xml');
    assert.equal(sniffImageType(bytes('<html><svg/></html>')), undefined);
    assert.equal(sniffImageType(bytes('GIF89a')), undefined);
    assert.equal(sniffImageType(bytes([0xff, 0xfe, 0x3c, 0x00])), undefined, 'not UTF-8');
  });

  test('the theme: a path from the colours, a stylesheet from the path, nothing for any other name', () => {
    assert.equal(themePath({ brand_color: null, background_color: null }), null);
    assert.equal(themePath({ brand_color: '#6d28d9', background_color: null }), '/assets/theme/6d28d9-f4f5f7.css');
    assert.equal(themeStylesheet('6d28d9-f4f5f7.css'), ':root{--brand:#6d28d9;--on-brand:#ffffff;--bg:#f4f5f7;--on-bg:#111827;--accent:#6d28d9}\n');
    for (const name of ['6D28D9-f4f5f7.css', '6d28d9-f4f5f7', '../x.css', '6d28d9-f4f5f7.css.map']) assert.equal(themeStylesheet(name), undefined, name);
  });

  test('a referrer is named by the public name they chose, else their first name, never by an address', () => {
    assert.equal(referrerDisplayName({ first_name: 'Ann', leaderboard_name: null }), 'Ann');
    assert.equal(referrerDisplayName({ first_name: '  Mary Ann  ', leaderboard_name: null }), 'Mary');
    assert.equal(referrerDisplayName({ first_name: null, leaderboard_name: null }), null);
    assert.equal(referrerDisplayName({ first_name: '   ', leaderboard_name: null }), null);
    assert.equal(referrerDisplayName({ first_name: 'ann@example.com', leaderboard_name: null }), null);
    assert.equal(referrerDisplayName({ first_name: 'x'.repeat(60), leaderboard_name: null }), 'x'.repeat(40));
    // The public name the tester chose comes first, whatever the first name.
    assert.equal(referrerDisplayName({ first_name: 'Ann', leaderboard_name: 'Rocket Ann 🚀' }), 'Rocket Ann 🚀');
    assert.equal(referrerDisplayName({ first_name: 'ann@example.com', leaderboard_name: 'Annie' }), 'Annie');
  });
});
