/**
 * A download-safe file name: the title as a lowercase ASCII slug (accents dropped, anything else
 * becomes '-', at most 60 characters, 'video' when nothing is left) + '-clip-<n>.mp4'.
 */
export function nameClipFile(title: string, clipNumber: number): string {
  return `${slugify(title) || 'video'}-clip-${clipNumber}.mp4`;
}

export function slugify(text: string, maxLength = 60): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, maxLength).replace(/-+$/, '');
}
