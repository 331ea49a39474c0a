import sanitizeHtml from 'sanitize-html';

/**
 * What a rich-text field (the web's TipTap starter kit) may hold: paragraphs, headings, emphasis, lists,
 * quotes, code, rules and links. Everything else is dropped with its attributes: a `<script>`, an
 * `onerror=`, a `style`, a `javascript:` or `data:` link never comes back.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'hr',
    'a',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A link always opens apart from the back-office and passes nothing to the site it opens.
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};

/**
 * A rich text as it may be stored and sent back: sanitised HTML, or null when nothing readable is left
 * (`<p></p>`, only a script). Use it in the service on every rich-text field before writing.
 */
export function sanitizeRichText(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  const clean = sanitizeHtml(html, OPTIONS).trim();
  const text = sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '');
  return text === '' ? null : clean;
}
