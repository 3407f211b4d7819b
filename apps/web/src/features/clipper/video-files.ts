/** The video types the clipper accepts. */
export const ACCEPTED_VIDEO_TYPES = ['video/mp4', 'video/mpeg', 'video/quicktime', 'video/x-matroska', 'video/webm'] as const;

/** Browsers often give .mkv (and sometimes others) no type: their extensions count too. */
const ACCEPTED_EXTENSIONS = ['.mp4', '.mpeg', '.mpg', '.mov', '.mkv', '.webm'] as const;

/** The file input's accept list. */
export const VIDEO_ACCEPT = [...ACCEPTED_VIDEO_TYPES, '.mkv'].join(',');

export const UNSUPPORTED_VIDEO_MESSAGE = 'Please choose an MP4, MPEG, MOV, MKV or WebM video.';

export function isAcceptedVideo(file: File): boolean {
  if ((ACCEPTED_VIDEO_TYPES as readonly string[]).includes(file.type)) return true;
  const name = file.name.toLowerCase();
  return ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension));
}
