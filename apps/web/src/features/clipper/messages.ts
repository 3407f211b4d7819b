/** The texts the clipper page shows when it is not set up or the source is missing or wrong. */
export const CLIPPER_MESSAGES = {
  notConfigured: 'Video clipper API is not configured.',
  noFile: 'Please choose a video file to upload.',
  noUrl: 'Please enter a YouTube URL.',
} as const;
