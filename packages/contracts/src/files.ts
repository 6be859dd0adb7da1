import { z } from 'zod';
import { personRefSchema } from './records';

/** An uploaded file as the API returns it. `url` serves it to signed-in users of the firm. */
export const storedFileSchema = z.strictObject({
  _id: z.uuid(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int().min(0),
  url: z.string(),
  createdAt: z.string(),
  uploadedBy: personRefSchema.nullable(),
  /** When the firm shared it with the customer of the job it is attached to (their portal); null: staff only. */
  sharedAt: z.string().nullable(),
});
export type StoredFile = z.output<typeof storedFileSchema>;

/** POST /files/{id}/share: shows a job's file to the job's customer, or stops showing it. */
export const fileShareSchema = z.strictObject({ shared: z.boolean({ error: 'Say whether the file is shared.' }) });
export type FileShare = z.output<typeof fileShareSchema>;
export const FILE_SHARE_JOBS_ONLY_MESSAGE = "Only a job's files can be shared with its customer.";

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Files that may be attached to records, checked by their content on upload. */
export const DOCUMENT_TYPES = [
  ...IMAGE_TYPES,
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;
export const MAX_DOCUMENT_BYTES = 25 * 1024 * 1024;

/** A product's 3D model: binary glTF 2.0 (GLB), what the browser's 3D scenes read. */
export const MODEL_TYPES = ['model/gltf-binary'] as const;
export const MAX_MODEL_BYTES = 50 * 1024 * 1024;

/** What each kind of upload may be, checked in the browser first and on the server again. */
export const UPLOAD_POLICIES = {
  image: {
    types: IMAGE_TYPES as readonly string[],
    maxBytes: MAX_IMAGE_BYTES,
    tooBig: 'Images can be at most 5 MB.',
    wrongType: 'Upload a PNG, JPEG, WebP or GIF image.',
  },
  document: {
    types: DOCUMENT_TYPES as readonly string[],
    maxBytes: MAX_DOCUMENT_BYTES,
    tooBig: 'Files can be at most 25 MB.',
    wrongType: 'Upload a PDF, an image, a Word or Excel file, or a text or CSV file.',
  },
  /** A spreadsheet to import: its content is read and judged by the importer (any encoding, CSV or XLSX). */
  import: {
    types: [
      'text/csv',
      'text/plain',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ] as readonly string[],
    maxBytes: 100 * 1024 * 1024,
    tooBig: 'Import files can be at most 100 MB.',
    wrongType: 'Upload a CSV file or an Excel workbook (.xlsx).',
    /** Not sniffed on upload: the importer reads and judges the content itself. */
    contentJudgedBy: 'importer',
  },
  model: {
    types: MODEL_TYPES as readonly string[],
    maxBytes: MAX_MODEL_BYTES,
    tooBig: '3D models can be at most 50 MB.',
    wrongType: 'Upload the 3D model as a GLB file (binary glTF 2.0).',
  },
} as const;
export type UploadPolicy = keyof typeof UPLOAD_POLICIES;

/** A file's type from its name, for the upload's Content-Type (browsers are not consistent). */
export function contentTypeFor(name: string, fallback = ''): string {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  const byExt: Record<string, string> = {
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    webp: 'image/webp',
    gif: 'image/gif',
    pdf: 'application/pdf',
    txt: 'text/plain',
    csv: 'text/csv',
    docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    glb: 'model/gltf-binary',
  };
  return byExt[ext] ?? fallback;
}
