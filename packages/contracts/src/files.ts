/** An uploaded file as the API returns it. `url` serves it to signed-in users of the firm. */
export type StoredFile = {
  _id: string;
  name: string;
  contentType: string;
  size: number;
  url: string;
  createdAt: string;
};

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
