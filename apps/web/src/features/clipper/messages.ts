/** SPEC section 5: the clipper validation texts. */
export const CLIPPER_MESSAGES = {
  notConfigured: 'Video clipper API is not configured.',
  noFile: 'Please choose a video file to upload.',
  noUrl: 'Please enter a YouTube URL.',
} as const;
