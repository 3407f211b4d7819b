/**
 * A time in the source video: under 60 s, seconds with one decimal ('12.5s');
 * otherwise minutes and two-digit seconds ('1m 05s'). Negative or non-finite input shows '0.0s'.
 */
export function formatClipTime(seconds: number): string {
  const value = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  const tenths = Math.round(value * 10) / 10;
  if (tenths < 60) return `${tenths.toFixed(1)}s`;
  const whole = Math.round(value);
  return `${Math.floor(whole / 60)}m ${String(whole % 60).padStart(2, '0')}s`;
}

const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** A byte count for people: '820 B', '12.3 MB', '1.5 GB' (binary units, one decimal). */
export function formatBytes(bytes: number): string {
  const value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  if (value < 1024) return `${Math.round(value)} B`;
  let scaled = value / 1024;
  let unit = 0;
  while (scaled >= 1024 && unit < UNITS.length - 1) {
    scaled /= 1024;
    unit += 1;
  }
  return `${scaled.toFixed(1)} ${UNITS[unit]}`;
}

/** How long until clips are purged, roughly: 'about 2 hours', 'about 45 minutes', 'less than a minute'. */
export function formatExpiry(seconds: number): string {
  const value = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  if (value >= 3600) {
    const hours = Math.round(value / 3600);
    return `about ${hours} hour${hours === 1 ? '' : 's'}`;
  }
  if (value >= 60) {
    const minutes = Math.round(value / 60);
    return `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  return 'less than a minute';
}

/** A virality score out of 10, at most one decimal ('8', '7.5'), kept within 0..10. */
export function formatScore(score: number): string {
  const value = Number.isFinite(score) ? Math.min(10, Math.max(0, score)) : 0;
  return String(Math.round(value * 10) / 10);
}
