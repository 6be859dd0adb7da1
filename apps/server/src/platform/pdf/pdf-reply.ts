import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../http/content-disposition';

/**
 * A document's PDF as a route answers it: shown in the browser to print or save, named after the
 * document (its number may hold any character the firm's prefix does), never cached.
 */
export function pdfReply(reply: FastifyReply, name: string, pdf: Buffer): Buffer {
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition('inline', `${name}.pdf`))
    .header('cache-control', 'private, no-store');
  return pdf;
}
