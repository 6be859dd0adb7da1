import { contentTypeFor, type StoredFile, UPLOAD_POLICIES, type UploadPolicy } from '@atelier/contracts';
import { ApiError } from './api';
import { withProgress } from './progress';

/**
 * Uploads one file as raw bytes to `path` (/files for logos and photos, a record's /…/files,
 * /imports?kind=…), while the progress socket reports on it. The server checks type, size and
 * content again.
 */
export async function uploadFile<T = StoredFile>(
  file: File,
  path = '/files',
  policy: UploadPolicy = 'image',
  method: 'POST' | 'PUT' = 'POST',
): Promise<T> {
  const rules = UPLOAD_POLICIES[policy];
  const type = contentTypeFor(file.name, file.type);
  if (!rules.types.includes(type)) throw new ApiError(415, 'unprocessable', rules.wrongType);
  if (file.size > rules.maxBytes) throw new ApiError(413, 'too_large', rules.tooBig);
  return withProgress(`Uploading ${file.name}`, file.size, async (uploadId) => {
    // A path may carry its own query (the importer's `/imports?kind=product`).
    const join = path.includes('?') ? '&' : '?';
    const response = await fetch(`/api/v1${path}${join}name=${encodeURIComponent(file.name)}&upload=${uploadId}`, {
      method,
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
