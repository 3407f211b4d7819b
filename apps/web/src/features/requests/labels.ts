import type { TRequestStatus } from '@hookline/shared';

export const REQUEST_STATUS_LABELS: Record<TRequestStatus, string> = { open: 'Open', in_progress: 'In progress', closed: 'Closed' };

/** What each type the client may open is for, under the type select. */
export const CLIENT_TYPE_HINTS = {
  support: 'Something is not working, or you have a question.',
  content_brief: 'What to post about: topics, dates, links and files. The team drafts it for your review.',
} as const;

/** The files the server takes, for the file picker (it checks each file's bytes itself). */
export const ATTACHMENT_ACCEPT =
  'image/jpeg,image/png,image/webp,image/gif,image/avif,application/pdf,video/mp4,video/quicktime,video/webm,.docx,.xlsx,.pptx';
