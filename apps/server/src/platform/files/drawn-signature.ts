import { MAX_SIGNATURE_BYTES } from '@atelier/contracts';
import sharp from 'sharp';
import { HttpError } from '../http/errors';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A drawn signature (a client's approval, a recipient's at the door) as the pad sends it, a PNG
 * data URL: its bytes, checked to be a PNG image of sensible size (not merely labelled one), or a
 * 400 on `field`.
 */
export async function drawnSignaturePng(dataUrl: string, field = 'signature'): Promise<Buffer> {
  const refuse = (message: string) => new HttpError(400, 'validation', message, { [field]: message });
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length > MAX_SIGNATURE_BYTES) throw refuse('The signature is too large: clear it and sign again.');
  if (bytes.length < PNG_MAGIC.length || !bytes.subarray(0, 8).equals(PNG_MAGIC))
    throw refuse('Sign in the box: the signature must be a drawn image.');
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (meta?.format !== 'png' || !meta.width || !meta.height || meta.width > 4000 || meta.height > 4000)
    throw refuse('Sign in the box: the signature must be a drawn image.');
  return bytes;
}
