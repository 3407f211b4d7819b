import type { TAspectRatio, TCaptionStyle, TClipJobResponse, TNoFaceFraming } from '@hookline/shared';
import { setWorkspaceHeader } from '@/lib/active-workspace';
import { clipperUrl } from './clipper-config';
import { ClipperError, clipperFetch, detailOf, toClipperError } from './clipper-error';

export interface ClipSettings {
  clipDuration: number;
  numClips: number;
  addSubtitles: boolean;
  aspectRatio: TAspectRatio;
  /** Sent only for reframed clips: the source's own frame never needs a face. */
  noFaceFraming: TNoFaceFraming;
  /** Sent only with subtitles on. */
  captionStyle: TCaptionStyle;
  /** "What to look for"; blank sends nothing. */
  lookFor: string;
}

export type ClipSource = { kind: 'upload'; file: File } | { kind: 'youtube'; url: string };

/** What POST /api/process answered: a job to follow, or (a server that ignored async) the finished result. */
export type StartedClipJob = { jobId: string; result?: undefined } | { jobId: string; result: TClipJobResponse };

export interface StartClipJobOptions {
  signal?: AbortSignal;
  /** Bytes of the video sent so far (uploads only). */
  onUploadProgress?: (loaded: number, total: number) => void;
}

function buildForm(source: ClipSource, settings: ClipSettings): FormData {
  const form = new FormData();
  form.append('input_type', source.kind === 'upload' ? 'Upload Video File' : 'YouTube URL');
  form.append('clip_duration', String(settings.clipDuration));
  form.append('num_clips', String(settings.numClips));
  form.append('add_subtitles', String(settings.addSubtitles));
  if (settings.addSubtitles) form.append('caption_style', settings.captionStyle);
  form.append('aspect_ratio', settings.aspectRatio);
  if (settings.aspectRatio !== 'original') form.append('no_face_framing', settings.noFaceFraming);
  const lookFor = settings.lookFor.trim();
  if (lookFor) form.append('look_for', lookFor);
  form.append('async', 'true');
  if (source.kind === 'upload') form.append('video_file', source.file, source.file.name);
  else form.append('youtube_url', source.url);
  return form;
}

function started(body: unknown): StartedClipJob {
  const answer = (body ?? {}) as Partial<TClipJobResponse> & { job_id?: unknown };
  if (typeof answer.job_id !== 'string' || !answer.job_id) throw new Error('The clipper answered without a job id');
  if (Array.isArray(answer.clips)) return { jobId: answer.job_id, result: answer as TClipJobResponse };
  return { jobId: answer.job_id };
}

/** Multipart POST with upload progress; XHR because fetch cannot report upload progress. */
function postWithProgress(url: string, form: FormData, options: StartClipJobOptions): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (options.signal?.aborted) return abort();
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.setRequestHeader('Accept', 'application/json');
    setWorkspaceHeader(xhr);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onUploadProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      const body: unknown = xhr.response;
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body);
      reject(new ClipperError(xhr.status, detailOf(body)));
    };
    xhr.onerror = () => reject(new ClipperError(0));
    xhr.onabort = abort;
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * POST {baseUrl}/api/process asking for an async job: 202 { job_id }. Uploads go
 * through XHR to report progress; YouTube sources are a plain fetch. Failures answer { detail }.
 */
export async function startClipJob(
  baseUrl: string,
  source: ClipSource,
  settings: ClipSettings,
  options: StartClipJobOptions = {},
): Promise<StartedClipJob> {
  const url = clipperUrl(baseUrl, '/api/process');
  const form = buildForm(source, settings);
  if (source.kind === 'upload') return started(await postWithProgress(url, form, options));
  const response = await clipperFetch(url, { method: 'POST', body: form, headers: { Accept: 'application/json' }, signal: options.signal });
  if (!response.ok) throw await toClipperError(response);
  return started(await response.json());
}
