import { Scissors } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { useClipperAvailability } from '../api/clipper-config';
import type { ClipSettings as ClipSettingsValue } from '../api/start-clip-job';
import type { WatchClipJobOptions } from '../api/watch-clip-job';
import { ClipProgress } from '../components/clip-progress';
import { ClipResults } from '../components/clip-results';
import { ClipSettings, DEFAULT_CLIP_SETTINGS } from '../components/clip-settings';
import { SourcePicker, type SourceKind } from '../components/source-picker';
import { VideoFileInput } from '../components/video-file-input';
import { useClipJob } from '../hooks/use-clip-job';
import { CLIPPER_MESSAGES } from '../messages';
import { isAcceptedVideo, UNSUPPORTED_VIDEO_MESSAGE } from '../video-files';

/**
 * The dashboard's Video Clipper. A source (upload or YouTube URL) and settings make a clip job;
 * the page follows it (upload bytes, then stages) and shows the clips, each of which can become a
 * draft for the Content page. Switching the source, or choosing a new file, clears the result and
 * the error.
 */
export default function VideoClipperPage({ watchOptions }: { watchOptions?: WatchClipJobOptions } = {}) {
  const availability = useClipperAvailability();
  const { run, running, start, cancel, reset } = useClipJob(watchOptions);
  const [source, setSource] = useState<SourceKind>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [youtubeUrl, setYoutubeUrl] = useState('');
  const [settings, setSettings] = useState<ClipSettingsValue>(DEFAULT_CLIP_SETTINGS);
  const [validationError, setValidationError] = useState<string | null>(null);

  const ready = availability.state === 'ready';
  const error = validationError ?? (run.phase === 'failed' ? run.error : null);

  const changeSource = (next: SourceKind) => {
    if (next === source) return;
    setSource(next);
    setValidationError(null);
    reset();
  };

  const chooseFile = (chosen: File) => {
    setFile(chosen);
    setValidationError(isAcceptedVideo(chosen) ? null : UNSUPPORTED_VIDEO_MESSAGE);
    reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (running) return;
    if (availability.state !== 'ready') return setValidationError(CLIPPER_MESSAGES.notConfigured);
    const url = youtubeUrl.trim();
    let message: string | null = null;
    if (source === 'upload' && !file) message = CLIPPER_MESSAGES.noFile;
    else if (source === 'upload' && file && !isAcceptedVideo(file)) message = UNSUPPORTED_VIDEO_MESSAGE;
    else if (source === 'youtube' && !url) message = CLIPPER_MESSAGES.noUrl;
    setValidationError(message);
    if (message) return;
    start(availability.baseUrl, source === 'upload' && file ? { kind: 'upload', file } : { kind: 'youtube', url }, settings);
  };

  return (
    <div className="mx-auto max-w-5xl">
      <header className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Video Clipper</h1>
        <p className="mt-1 text-sm text-slate-600">Turn a long video into short clips ranked by how likely they are to travel.</p>
      </header>

      <div className="grid gap-6">
        {availability.state === 'disabled' ? <Alert tone="warning">{CLIPPER_MESSAGES.notConfigured}</Alert> : null}

        <Card>
          <form noValidate onSubmit={submit} aria-label="Clip settings" aria-busy={availability.state === 'loading' || undefined}>
            <fieldset disabled={!ready || running} className="grid gap-6">
              <SourcePicker value={source} onChange={changeSource} />

              {source === 'upload' ? (
                <VideoFileInput file={file} disabled={!ready || running} onChange={chooseFile} />
              ) : (
                <div>
                  <Label htmlFor="clipper-youtube-url">YouTube URL</Label>
                  <Input
                    id="clipper-youtube-url"
                    type="url"
                    inputMode="url"
                    autoComplete="off"
                    placeholder="https://www.youtube.com/watch?v=…"
                    value={youtubeUrl}
                    onChange={(event) => {
                      setYoutubeUrl(event.target.value);
                      setValidationError(null);
                    }}
                  />
                </div>
              )}

              <ClipSettings value={settings} onChange={setSettings} />

              {error ? <Alert tone="error">{error}</Alert> : null}

              <div>
                <Button type="submit" size="lg">
                  <Scissors className="size-4" aria-hidden />
                  {running ? 'Generating…' : 'Generate clips'}
                </Button>
              </div>
            </fieldset>
          </form>
        </Card>

        {run.phase === 'starting' || run.phase === 'uploading' || run.phase === 'processing' || run.phase === 'cancelling' ? (
          <ClipProgress run={run} onCancel={cancel} />
        ) : null}
        {run.phase === 'cancelled' ? <Alert tone="info">Clip generation cancelled.</Alert> : null}
        {run.phase === 'done' && availability.state === 'ready' ? (
          <ClipResults key={run.result.job_id} baseUrl={availability.baseUrl} result={run.result} />
        ) : null}
      </div>
    </div>
  );
}
