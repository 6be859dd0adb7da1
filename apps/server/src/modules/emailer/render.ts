import { type EmailBlock, emailMergeFields, type MergeField } from '@atelier/contracts';
import { convert } from 'html-to-text';
import mjml2html from 'mjml';
import { escapeHtml } from '../../platform/text/escape-html';

/** A product card as the email shows it: its name, price and picture, and where it leads. */
export type ProductCard = { name: string; price: string; imageUrl: string | null; url: string | null };

/** Everything a rendering needs besides the email itself; the caller decides every address. */
export type Rendering = {
  firmName: string;
  postalAddress: string;
  values: Readonly<Record<MergeField, string>>;
  /** The person's own unsubscribe page. */
  unsubscribeUrl: string;
  /** Where an image file of the firm's can be fetched by a mail app (a signed public address). */
  imageUrl: (fileId: string) => string;
  products: ReadonlyMap<string, ProductCard>;
  /** A link as the email carries it: itself, or through the click counter when tracking is on. */
  link: (url: string) => string;
  /** The open-counting pixel, only when tracking is on. */
  pixelUrl: string | null;
};

export type EmailContent = { subject: string; preheader: string; blocks: readonly EmailBlock[] };

/** Text with its merge fields filled, then escaped whole: a name like `<b>` arrives as text. */
const plain = (text: string, r: Rendering) => escapeHtml(emailMergeFields.fill(text, r.values));
/** Sanitised HTML (saved so) with each merge value escaped where it lands, links counted when tracking is on. */
const rich = (html: string, r: Rendering) =>
  emailMergeFields
    .fill(html, r.values, escapeHtml)
    .replace(/<a href="([^"]*)"/g, (_, href: string) => `<a href="${escapeHtml(r.link(decodeEntities(href)))}"`);
const decodeEntities = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!,
  );

const section = (inner: string, padding = '8px 24px') =>
  `<mj-section background-color="#ffffff" padding="${padding}"><mj-column>${inner}</mj-column></mj-section>`;

function productRows(ids: readonly string[], r: Rendering): string {
  const cards = ids.flatMap((id) => {
    const p = r.products.get(id);
    return p ? [p] : [];
  });
  const rows: string[] = [];
  for (let i = 0; i < cards.length; i += 3) {
    const columns = cards.slice(i, i + 3).map((p) => {
      const href = p.url ? ` href="${escapeHtml(r.link(p.url))}"` : '';
      const image = p.imageUrl
        ? `<mj-image src="${escapeHtml(p.imageUrl)}" alt="${escapeHtml(p.name)}"${href} padding="0 0 8px" border-radius="6px" />`
        : '';
      return `<mj-column padding="8px">${image}<mj-text padding="0" font-weight="600">${escapeHtml(p.name)}</mj-text><mj-text padding="0" color="#495057">${escapeHtml(p.price)}</mj-text></mj-column>`;
    });
    rows.push(`<mj-section background-color="#ffffff" padding="8px 16px">${columns.join('')}</mj-section>`);
  }
  return rows.join('');
}

function blockMjml(block: EmailBlock, r: Rendering): string {
  switch (block.type) {
    case 'heading':
      return section(`<mj-text font-size="24px" font-weight="700" line-height="1.3">${plain(block.text, r)}</mj-text>`);
    case 'text':
      return section(`<mj-text>${rich(block.html, r)}</mj-text>`);
    case 'image': {
      const href = block.href ? ` href="${escapeHtml(r.link(block.href))}"` : '';
      return section(
        `<mj-image src="${escapeHtml(r.imageUrl(block.file))}" alt="${escapeHtml(block.alt)}"${href} padding="0" />`,
      );
    }
    case 'button':
      return section(
        `<mj-button href="${escapeHtml(r.link(block.url))}" background-color="#1c7ed6" color="#ffffff" border-radius="6px" font-size="16px">${plain(block.label, r)}</mj-button>`,
      );
    case 'products':
      return productRows(block.products, r);
    case 'footer':
      return section(
        `<mj-text font-size="13px" color="#868e96">${plain(block.text, r).replace(/\n/g, '<br />')}</mj-text>`,
      );
  }
}

/** The firm's name and postal address and the person's unsubscribe link, under every marketing email. */
function legalFooter(r: Rendering): string {
  const address = escapeHtml(r.postalAddress).replace(/\n/g, '<br />');
  return `<mj-section padding="16px 24px"><mj-column><mj-text font-size="12px" color="#868e96" align="center">${escapeHtml(r.firmName)}<br />${address}<br /><br />You receive this email because you agreed to hear from ${escapeHtml(r.firmName)}. <a href="${escapeHtml(r.unsubscribeUrl)}" style="color:#868e96">Unsubscribe</a></mj-text></mj-column></mj-section>`;
}

function textPart(content: EmailContent, r: Rendering): string {
  const fill = (text: string) => emailMergeFields.fill(text, r.values);
  const parts = content.blocks.map((block): string => {
    switch (block.type) {
      case 'heading':
        return fill(block.text).toUpperCase();
      case 'text':
        return convert(fill(block.html), {
          wordwrap: 78,
          selectors: [{ selector: 'a', options: { hideLinkHrefIfSameAsText: true } }],
        });
      case 'image':
        return block.alt ? `[${block.alt}]${block.href ? ` ${block.href}` : ''}` : '';
      case 'button':
        return `${fill(block.label)}: ${block.url}`;
      case 'products':
        return block.products
          .flatMap((id) => {
            const p = r.products.get(id);
            return p ? [`- ${p.name}, ${p.price}${p.url ? `: ${p.url}` : ''}`] : [];
          })
          .join('\n');
      default:
        return fill(block.text);
    }
  });
  const footer = [r.firmName, r.postalAddress, '', `Unsubscribe: ${r.unsubscribeUrl}`].join('\n');
  return `${parts.filter((p) => p.trim()).join('\n\n')}\n\n--\n${footer}\n`;
}

/**
 * An email as one person gets it: HTML that holds up in common mail apps (MJML's tables and
 * inline styles) and its plain-text part. Nothing is evaluated: merge fields are replaced from the
 * allow-list as text, and every value is escaped where it lands (MJML itself escapes nothing).
 */
export async function renderEmail(content: EmailContent, r: Rendering) {
  const pixel = r.pixelUrl
    ? `<mj-raw><img src="${escapeHtml(r.pixelUrl)}" width="1" height="1" alt="" style="display:block;border:0" /></mj-raw>`
    : '';
  const mjml = `<mjml><mj-head><mj-title>${plain(content.subject, r)}</mj-title>${
    content.preheader ? `<mj-preview>${plain(content.preheader, r)}</mj-preview>` : ''
  }<mj-attributes><mj-all font-family="Helvetica, Arial, sans-serif" /><mj-text font-size="16px" line-height="1.5" color="#1a1b1e" /></mj-attributes></mj-head><mj-body background-color="#f1f3f5" width="600px"><mj-section padding="12px 0" /><mj-wrapper padding="0">${content.blocks
    .map((b) => blockMjml(b, r))
    .join('')}</mj-wrapper>${legalFooter(r)}${pixel}</mj-body></mjml>`;
  const { html, errors } = await mjml2html(mjml, { validationLevel: 'soft', keepComments: false });
  if (errors.length) throw new Error(`The email could not be laid out: ${errors[0]!.formattedMessage}`);
  return {
    subject: emailMergeFields.fill(content.subject, r.values),
    html,
    text: textPart(content, r),
  };
}
