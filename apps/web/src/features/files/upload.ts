import { IMAGE_TYPES, MAX_IMAGE_BYTES, type StoredFile } from '@atelier/contracts';
import { ApiError } from '../../lib/api';
import { withProgress } from '../../lib/progress';

/** Uploads one image (logo, photo) as raw bytes; the server reports progress over the socket. */
export async function uploadImage(file: File): Promise<StoredFile> {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
    throw new ApiError(415, 'unprocessable', 'Upload a PNG, JPEG, WebP or GIF image.');
  }
  if (file.size > MAX_IMAGE_BYTES) throw new ApiError(413, 'too_large', 'Images can be at most 5 MB.');
  return withProgress(`Uploading ${file.name}`, file.size, async (uploadId) => {
    const response = await fetch(`/api/v1/files?name=${encodeURIComponent(file.name)}&upload=${uploadId}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': file.type },
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
    return data as StoredFile;
  });
}
