import fs from 'node:fs';
import path from 'node:path';

/** Video ids the fake yt-dlp knows, and how each behaves (the id is the `v=` parameter or the youtu.be path). */
export const FAKE_YOUTUBE = {
  /** Metadata, then a download of the given source video with progress lines. */
  ok: 'okVideo0001',
  /** 70 minutes long. */
  long: 'longVideo01',
  /** A live stream. */
  live: 'liveVideo01',
  /** yt-dlp's error for a private video. */
  private: 'privateVid1',
  /** Metadata works; the download fails with a network error. */
  broken: 'brokenVid01',
  title: 'Fake Talk on YouTube',
  uploader: 'Fake Channel',
} as const;

export interface FakeYtdlp {
  /** The executable to use as YTDLP_PATH. */
  path: string;
  /** The argument lists of every call so far. */
  calls(): string[][];
}

/**
 * Writes an executable stand-in for yt-dlp into `dir`: it answers `--dump-single-json` with
 * yt-dlp's JSON fields (title, uploader, duration, is_live, live_status) and a download by copying
 * `sourceVideo` to the `--output` template with yt-dlp's progress lines, and fails like yt-dlp
 * (ERROR: lines on stderr, exit 1). Every call is logged for the test to read.
 */
export function writeFakeYtdlp(dir: string, sourceVideo: string): FakeYtdlp {
  const script = path.join(dir, 'yt-dlp');
  const log = path.join(dir, 'yt-dlp-calls.jsonl');
  const ids = JSON.stringify(FAKE_YOUTUBE);
  fs.writeFileSync(
    script,
    `#!/usr/bin/env node
const fs = require('node:fs');
const args = process.argv.slice(2);
fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify(args) + '\\n');
const ids = ${ids};
const url = new URL(args[args.indexOf('--') + 1]);
const id = url.searchParams.get('v') || url.pathname.slice(1);
const fail = (message) => { process.stderr.write('ERROR: ' + message + '\\n'); process.exit(1); };
if (id === ids.private) fail('[youtube] ' + id + ": Private video. Sign in if you've been granted access to this video");
if (args.includes('--dump-single-json')) {
  const live = id === ids.live;
  process.stdout.write(JSON.stringify({
    id, title: ids.title, uploader: ids.uploader, channel: ids.uploader,
    duration: live ? null : id === ids.long ? 4200 : 60,
    is_live: live, live_status: live ? 'is_live' : 'not_live',
  }));
  process.exit(0);
}
if (id === ids.broken) fail('unable to download video data: <urlopen error [Errno -3] Temporary failure in name resolution>');
const template = args[args.indexOf('--progress-template') + 1].replace(/^download:/, '');
const output = args[args.indexOf('--output') + 1].replace('%(ext)s', 'mp4');
const total = fs.statSync(${JSON.stringify(sourceVideo)}).size;
for (const part of [0.25, 0.5, 1]) {
  // A real download takes a while: long enough for the job's progress to show it.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
  process.stdout.write(template
    .replace('%(progress.downloaded_bytes)s', String(Math.round(total * part)))
    .replace('%(progress.total_bytes)s', String(total))
    .replace('%(progress.total_bytes_estimate)s', 'NA') + '\\n');
}
fs.copyFileSync(${JSON.stringify(sourceVideo)}, output);
`,
    { mode: 0o755 },
  );
  return {
    path: script,
    calls: () =>
      fs.existsSync(log)
        ? fs
            .readFileSync(log, 'utf8')
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line) as string[])
        : [],
  };
}
