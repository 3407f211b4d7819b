/** The URL of one draft, under which its mutations (update, queue, publish, media, delete) live. */
export const draftPath = (id: string) => `/api/drafts/${encodeURIComponent(id)}`;
