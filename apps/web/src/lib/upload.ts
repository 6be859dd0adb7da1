import {
  contentTypeFor,
  DOCUMENT_TYPES,
  IMAGE_TYPES,
  MAX_DOCUMENT_BYTES,
  MAX_IMAGE_BYTES,
  type StoredFile,
} from '@atelier/contracts';
import { ApiError } from './api';
import { withProgress } from './progress';

const POLICIES = {
  image: {
    types: IMAGE_TYPES as readonly string[],
    max: MAX_IMAGE_BYTES,
    wrongType: 'Upload a PNG, JPEG, WebP or GIF image.',
    tooBig: 'Images can be at most 5 MB.',
  },
  document: {
    types: DOCUMENT_TYPES as readonly string[],
    max: MAX_DOCUMENT_BYTES,
    wrongType: 'Upload a PDF, an image, a Word or Excel file, or a text or CSV file.',
    tooBig: 'Files can be at most 25 MB.',
  },
};

/**
 * Uploads one file as raw bytes to `path` (/files for logos and photos, a record's /…/files),
 * while the progress socket reports on it. The server checks type, size and content again.
 */
export async function uploadFile<T = StoredFile>(
  file: File,
  path = '/files',
  policy: keyof typeof POLICIES = 'image',
): Promise<T> {
  const rules = POLICIES[policy];
  const type = contentTypeFor(file.name, file.type);
  if (!rules.types.includes(type)) throw new ApiError(415, 'unprocessable', rules.wrongType);
  if (file.size > rules.max) throw new ApiError(413, 'too_large', rules.tooBig);
  return withProgress(`Uploading ${file.name}`, file.size, async (uploadId) => {
    const response = await fetch(`/api/v1${path}?name=${encodeURIComponent(file.name)}&upload=${uploadId}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': type },
      body: file,
    });
    const data = await response.json().catch(() => null);
    if (!response.ok) {
      throw new ApiError(
        response.status,
        data?.error?.code ?? 'internal',
        data?.error?.message ?? 'The upload failed.',
        data?.error?.fields,
      );
    }
    return data as T;
  });
}

export const uploadImage = (file: File) => uploadFile(file, '/files', 'image');
