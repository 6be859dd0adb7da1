/** A proof photo's longest side and JPEG quality: sharp enough to read a label, small on a weak connection. */
export const PHOTO_MAX_SIDE = 1600;
export const PHOTO_QUALITY = 0.8;

type Drawable = { source: CanvasImageSource; width: number; height: number; close: () => void };

async function decode(file: Blob): Promise<Drawable> {
  // The photo as the camera held it (EXIF orientation applied), where the browser can say so.
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
    } catch {
      // Older Safari knows no options: the image element below reads it.
    }
  }
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch {
    URL.revokeObjectURL(url);
    throw new Error('This photo could not be read. Take it again.');
  }
  return {
    source: image,
    width: image.naturalWidth,
    height: image.naturalHeight,
    close: () => URL.revokeObjectURL(url),
  };
}

/**
 * A camera photo made small in the browser before it is kept or sent: its longest side at most
 * PHOTO_MAX_SIDE pixels, as a JPEG. Drawing it afresh also leaves out what the camera wrote into
 * the file (the place it was taken, among others).
 */
export async function downscalePhoto(file: Blob): Promise<Blob> {
  const image = await decode(file);
  try {
    const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(image.width, image.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(image.width * scale));
    canvas.height = Math.max(1, Math.round(image.height * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This phone cannot prepare the photo. Try again after closing other apps.');
    // A JPEG has no transparency: a see-through PNG goes on white, not black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image.source, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('This photo could not be prepared. Take it again.'))),
        'image/jpeg',
        PHOTO_QUALITY,
      ),
    );
  } finally {
    image.close();
  }
}
