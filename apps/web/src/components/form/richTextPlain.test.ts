import { describe, expect, it } from 'vitest';
import { richTextToPlain } from './richTextPlain';

describe('richTextToPlain', () => {
  it('keeps the text and the paragraph breaks, drops the tags', () => {
    expect(
      richTextToPlain('<p>Pneus <strong>avant</strong> &amp; arrière</p><ul><li>un</li><li>deux</li></ul>'),
    ).toBe('Pneus avant & arrière\nun\ndeux');
  });
  it('is empty for nothing', () => {
    expect(richTextToPlain(null)).toBe('');
    expect(richTextToPlain('<p></p>')).toBe('');
  });
});
