/**
 * Text written into HTML (an element's content or a quoted attribute): `&`, `<`, `>`, `"` and `'`
 * become entities, so what someone typed is shown, never read as markup. The e-mails, the
 * server's small pages and the scripts' pages all escape with this.
 */
export const escapeHtml = (value: string): string =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
