import { APP_NAME } from '@yams/shared';

/** Text put inside a mail's HTML. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The HTML frame of every mail the API sends: the app's name, a title, the paragraphs, the footer. */
export function mailLayout(title: string, paragraphs: string[]): string {
  return `<!doctype html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#1f2937">
<h2 style="color:#0b5cab">${escapeHtml(APP_NAME)}</h2><h3>${escapeHtml(title)}</h3>
${paragraphs.join('\n')}
<p style="color:#6b7280;font-size:12px">Ce message a été envoyé automatiquement, merci de ne pas y répondre.</p>
</body></html>`;
}
