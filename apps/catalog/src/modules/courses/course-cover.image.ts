import sharp from 'sharp';
import { COURSE_COVER_SIZE } from '@lp/contracts';
import { catalogErrors } from '../../common/catalog-errors.js';

/** Larger pictures are refused before decoding (a small file can still claim huge dimensions). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * The cover as the server keeps it: turned upright (EXIF), cropped to COURSE_COVER_SIZE
 * around the part with the most detail, metadata dropped, as WebP. Small pictures are
 * enlarged so that every card gets the same size.
 */
export async function toCoverImage(input: Buffer): Promise<Buffer> {
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(COURSE_COVER_SIZE.width, COURSE_COVER_SIZE.height, { fit: 'cover', position: sharp.strategy.attention })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw catalogErrors.unreadableImage();
  }
}
