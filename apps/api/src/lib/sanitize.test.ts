import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize';

const attacks = [
  '<script>alert(1)</script><p>ok</p>',
  '<p>ok</p><img src=x onerror="alert(1)">',
  '<p onclick="alert(1)" onerror="alert(2)">ok</p>',
  '<p><a href="javascript:alert(1)">ok</a></p>',
  '<p><a href="JaVaScRiPt:alert(1)">ok</a></p>',
  '<p><a href="&#106;avascript:alert(1)">ok</a></p>',
  '<p><a href=" javascript:alert(1)">ok</a></p>',
  '<p><a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">ok</a></p>',
  '<svg onload="alert(1)"><p>ok</p></svg>',
  '<iframe src="https://evil.example"></iframe><p>ok</p>',
  '<p style="background:url(javascript:alert(1))">ok</p>',
  '<scr<script>ipt>alert(1)</script><p>ok</p>',
];

describe('sanitizeRichText', () => {
  it.each(attacks)('never gives back a script, an event handler or a javascript: link: %s', (html) => {
    const clean = sanitizeRichText(html) ?? '';
    expect(clean).toContain('ok');
    expect(clean).not.toMatch(/<script|onerror|onclick|onload|javascript:|data:|<iframe|<svg|style=/i);
  });

  it('keeps what the editor writes', () => {
    const html =
      '<h2>Titre</h2><p><strong>Gras</strong>, <em>italique</em>, <u>souligné</u>, <s>barré</s></p>' +
      '<ul><li><p>un</p></li></ul><ol start="3"><li><p>trois</p></li></ol><blockquote><p>cité</p></blockquote>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps safe links, opening apart', () => {
    expect(
      sanitizeRichText('<p><a href="https://yams.ga/x">site</a> <a href="mailto:a@b.ga">mail</a></p>'),
    ).toBe(
      '<p><a href="https://yams.ga/x" target="_blank" rel="noopener noreferrer nofollow">site</a> ' +
        '<a href="mailto:a@b.ga" target="_blank" rel="noopener noreferrer nofollow">mail</a></p>',
    );
  });

  it('turns an empty document into null', () => {
    expect(sanitizeRichText('<p></p>')).toBeNull();
    expect(sanitizeRichText('<script>alert(1)</script>')).toBeNull();
    expect(sanitizeRichText('  ')).toBeNull();
    expect(sanitizeRichText(null)).toBeNull();
  });
});
