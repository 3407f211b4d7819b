/**
 * The reviewer's name, asked once per tab and sent with every decision. sessionStorage: a shared
 * computer forgets it with the tab, and a link forwarded to a colleague does not carry it.
 */
const STORAGE_KEY = 'hookline.reviewerName';

export function readReviewerName(): string {
  try {
    return sessionStorage.getItem(STORAGE_KEY) ?? '';
  } catch {
    // Storage switched off: the name is asked again after a reload.
    return '';
  }
}

export function rememberReviewerName(name: string) {
  try {
    sessionStorage.setItem(STORAGE_KEY, name);
  } catch {
    // as above
  }
}
