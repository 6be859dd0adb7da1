import { describe, expect, it } from 'vitest';
import { cleanRichText, richTextToPlain } from './rich-text';

describe('rich text', () => {
  it('keeps what the editor writes', () => {
    const html =
      '<h2>Finish</h2><p>Hand-rubbed <strong>walnut</strong>, <em>oiled</em> &amp; <u>waxed</u>.</p>' +
      '<ul><li><p>Soft-close</p></li></ul><blockquote><p>Six weeks</p></blockquote>';
    expect(cleanRichText(html)).toBe(html);
  });

  it('drops scripts, event attributes, styles and unsafe links, and keeps the text of other tags', () => {
    expect(cleanRichText('<p onclick="steal()">Hi<script>alert(1)</script></p><style>p{}</style>')).toBe('<p>Hi</p>');
    expect(cleanRichText('<img src=x onerror=alert(1)><p>Oak</p><iframe src="https://x.test"></iframe>')).toBe(
      '<p>Oak</p>',
    );
    expect(cleanRichText('<div class="x" style="color:red"><span>Kept</span></div>')).toBe('Kept');
    expect(cleanRichText('<a href="javascript:alert(1)">x</a>')).toBe(
      '<a rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
    expect(cleanRichText('<a href="https://maker.test/spec" target="_self" rel="opener">Spec</a>')).toBe(
      '<a href="https://maker.test/spec" target="_blank" rel="noopener noreferrer nofollow">Spec</a>',
    );
    expect(cleanRichText('<h1>Big</h1>')).toBe('<h2>Big</h2>');
  });

  it('takes plain text as a paragraph per line, escaped', () => {
    expect(cleanRichText('Walnut & oak\n\nSix weeks > four')).toBe('<p>Walnut &amp; oak</p><p>Six weeks &gt; four</p>');
    expect(cleanRichText('a < b')).toBe('<p>a &lt; b</p>');
  });

  it('stores an empty editor as nothing', () => {
    expect(cleanRichText('<p></p>')).toBe('');
    expect(cleanRichText('<p> <br></p>')).toBe('');
  });

  it('reads as plain words for search and exports', () => {
    expect(richTextToPlain('<h2>Finish</h2><p>Walnut &amp; oak &lt;3</p><ul><li>A</li><li>B</li></ul>')).toBe(
      'Finish Walnut & oak <3 A B',
    );
  });
});
