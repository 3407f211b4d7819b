import type { TClipJobResponse, TClipJobStatus } from '@hookline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '@/test/fake-xhr';
import { json, renderPage, stubFetch } from '@/test/render';
import VideoClipperPage from './video-clipper-page';

const CONFIG = {
  passwordPolicy: { minLength: 6, maxLength: 128 },
  providers: { google: false, apple: false },
  enterpriseCallUrl: '',
  avatarMaxBytes: 5_000_000,
  allowSelfSignup: true,
  brandHue: 212,
};

const RESULT: TClipJobResponse = {
  status_message: 'Subtitles were requested, but no transcript was available.',
  clips: [
    {
      clip_number: 1,
      virality_score: 8.5,
      start_time: 12.5,
      end_time: 42.5,
      duration: 30,
      text_preview: 'Here is the one thing nobody tells you',
      source_video: 'talk.mp4',
      download_url: '/api/clipper/files/j1/clip_1.mp4?sig=abc',
      file_name: 'clip_1.mp4',
    },
    {
      clip_number: 2,
      virality_score: 6,
      start_time: 65,
      end_time: 95.2,
      duration: 30.2,
      text_preview: 'And that is why it works',
      source_video: 'talk.mp4',
      download_url: '/api/clipper/files/j1/clip_2.mp4?sig=def',
      file_name: 'clip_2.mp4',
    },
  ],
  metadata: { title: 'My talk', uploader: 'Ada', duration: 600 },
  job_id: 'j1',
  expires_in_seconds: 7200,
};

const status = (over: Partial<TClipJobStatus> = {}): TClipJobStatus => ({
  job_id: 'j1',
  status: 'running',
  stage: 'transcribing',
  percent: 45,
  result: null,
  detail: null,
  ...over,
});

type Responder = Parameters<typeof stubFetch>[0];

/** The clipper API as the page sees it; `process` and `job` answer POST /api/process and GET status. */
function serve(options: { clipper?: unknown; process?: Responder; job?: Responder } = {}) {
  const {
    process = () => json({ job_id: 'j1' }, 202),
    job = () => json(status({ status: 'done', stage: 'done', percent: 100, result: RESULT })),
  } = options;
  // { clipper: undefined } stands for a server that does not send the field at all.
  const config = 'clipper' in options ? { ...CONFIG, clipper: options.clipper } : { ...CONFIG, clipper: { enabled: true, baseUrl: '' } };
  return stubFetch((path, init) => {
    if (path === '/api/config') return json(config);
    if (path === '/api/process' && init?.method === 'POST') return process(path, init);
    if (path === '/api/clipper/jobs/j1' && init?.method === 'DELETE') return new Response(null, { status: 204 });
    if (path === '/api/clipper/jobs/j1') return job(path, init);
    return json({ detail: 'Not found' }, 404);
  });
}

const renderClipper = () => renderPage(<VideoClipperPage />, '/dashboard/video-clipper');
const generate = () => userEvent.click(screen.getByRole('button', { name: 'Generate clips' }));
const formField = (init: RequestInit | undefined, name: string) => (init?.body as FormData).get(name);

async function chooseYoutube(url = 'https://www.youtube.com/watch?v=abc') {
  await userEvent.click(await screen.findByRole('radio', { name: 'YouTube URL' }));
  if (url) await userEvent.type(screen.getByLabelText('YouTube URL', { selector: 'input[type="url"]' }), url);
}

describe('Video Clipper page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeXhr.last = null;
  });

  it('shows the defaults: upload source, 30 s clips, 3 clips, subtitles on', async () => {
    serve();
    renderClipper();
    expect(screen.getByRole('heading', { name: 'Video Clipper', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate clips' })).toBeEnabled());
    expect(screen.getByRole('radio', { name: 'Upload Video File' })).toBeChecked();
    expect(screen.getByLabelText('Video file')).toHaveAttribute(
      'accept',
      'video/mp4,video/mpeg,video/quicktime,video/x-matroska,video/webm,.mkv',
    );
    const slider = screen.getByRole('slider', { name: 'Clip duration' });
    expect(slider).toHaveValue('30');
    expect(slider).toHaveAttribute('min', '15');
    expect(slider).toHaveAttribute('max', '90');
    expect(slider).toHaveAttribute('step', '5');
    expect(screen.getByText('30s')).toBeInTheDocument();
    const count = screen.getByRole('combobox', { name: 'Number of clips' });
    expect(count).toHaveValue('3');
    expect([...(count as HTMLSelectElement).options].map((o) => o.value)).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('checkbox', { name: /Add subtitles/ })).toBeChecked();
  });

  it.each([
    ['without a clipper in the config', undefined],
    ['when the clipper is switched off', { enabled: false, baseUrl: '' }],
  ])('is not configured %s', async (_, clipper) => {
    serve({ clipper });
    renderClipper();
    expect(await screen.findByText('Video clipper API is not configured.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate clips' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'YouTube URL' })).toBeDisabled();
  });

  it('asks for a video file, then for a YouTube URL', async () => {
    const fetchMock = serve();
    renderClipper();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate clips' })).toBeEnabled());
    await generate();
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a video file to upload.');

    await chooseYoutube('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('YouTube URL', { selector: 'input[type="url"]' }), '   ');
    await generate();
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a YouTube URL.');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/process'))).toBe(false);
  });

  it('refuses a file that is not a supported video', async () => {
    serve();
    renderClipper();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate clips' })).toBeEnabled());
    await userEvent.upload(screen.getByLabelText('Video file'), new File(['%PDF'], 'deck.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose an MP4, MPEG, MOV, MKV or WebM video.');
  });

  it('generates clips from a YouTube URL and shows them as cards', async () => {
    const fetchMock = serve();
    renderClipper();
    await chooseYoutube();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Number of clips' }), '2');
    await userEvent.click(screen.getByRole('checkbox', { name: /Add subtitles/ }));
    await generate();

    const results = await screen.findByRole('region', { name: 'Your clips' });
    const post = fetchMock.mock.calls.find(([url]) => String(url) === '/api/process');
    expect(post?.[1]?.credentials).toBe('include');
    expect(Object.fromEntries([...(post?.[1]?.body as FormData).entries()])).toEqual({
      input_type: 'YouTube URL',
      clip_duration: '30',
      num_clips: '2',
      add_subtitles: 'false',
      async: 'true',
      youtube_url: 'https://www.youtube.com/watch?v=abc',
    });

    expect(within(results).getByText('Subtitles were requested, but no transcript was available.')).toBeInTheDocument();
    expect(within(results).getByText(/Clips expire in about 2 hours/)).toBeInTheDocument();
    expect(within(results).getByText(/From “My talk” by Ada/)).toBeInTheDocument();

    const first = within(results).getByRole('article', { name: 'Clip 1' });
    expect(within(first).getByText('8.5/10')).toBeInTheDocument();
    expect(within(first).getByRole('meter', { name: 'Virality score' })).toHaveAttribute('value', '8.5');
    expect(within(first).getByText('12.5s – 42.5s')).toBeInTheDocument();
    expect(within(first).getByText('30.0s')).toBeInTheDocument();
    expect(within(first).getByText('“Here is the one thing nobody tells you”')).toBeInTheDocument();
    const video = first.querySelector('video');
    expect(video).toHaveAttribute('src', RESULT.clips[0].download_url);
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).toHaveAttribute('controls');
    const download = within(first).getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('href', RESULT.clips[0].download_url);
    expect(download).toHaveAttribute('download', 'clip_1.mp4');

    const second = within(results).getByRole('article', { name: 'Clip 2' });
    expect(within(second).getByText('1m 05s – 1m 35s')).toBeInTheDocument();
    expect(within(second).getByText('6/10')).toBeInTheDocument();
  });

  it('clears the results and the error when the source changes', async () => {
    serve();
    renderClipper();
    await chooseYoutube();
    await generate();
    expect(await screen.findByRole('article', { name: 'Clip 1' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Upload Video File' }));
    expect(screen.queryByRole('region', { name: 'Your clips' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();

    await generate();
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a video file to upload.');
    await userEvent.click(screen.getByRole('radio', { name: 'YouTube URL' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's detail when the request is refused", async () => {
    serve({ process: () => json({ detail: 'Video is longer than 60 minutes.' }, 400) });
    renderClipper();
    await chooseYoutube();
    await generate();
    expect(await screen.findByRole('alert')).toHaveTextContent('Video is longer than 60 minutes.');
    expect(screen.getByRole('button', { name: 'Generate clips' })).toBeEnabled();
  });

  it('falls back to a generic message for an HTTP failure without a detail', async () => {
    serve({ process: () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    renderClipper();
    await chooseYoutube();
    await generate();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to generate clips. Please try again.');
  });

  it('shows why a job failed', async () => {
    serve({ job: () => json(status({ status: 'failed', stage: 'rendering', detail: 'The video has no audio track.' })) });
    renderClipper();
    await chooseYoutube();
    await generate();
    expect(await screen.findByRole('alert')).toHaveTextContent('The video has no audio track.');
  });

  it('fetches the result when the finished status came without it, else reports an unexpected error', async () => {
    const answers = [
      status({ status: 'done', stage: 'done', percent: 100 }),
      status({ status: 'done', stage: 'done', percent: 100, result: RESULT }),
    ];
    serve({ job: () => json(answers.shift() ?? status({ status: 'done', stage: 'done', percent: 100 })) });
    renderClipper();
    await chooseYoutube();
    await generate();
    expect(await screen.findByRole('article', { name: 'Clip 1' })).toBeInTheDocument();

    await generate();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unexpected error');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('uploads with progress in bytes, shows the stage, and cancels the job', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const fetchMock = serve({ job: () => json(status({ stage: 'transcribing', percent: 45 })) });
    renderClipper();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate clips' })).toBeEnabled());
    const file = new File(['x'.repeat(2048)], 'talk.mp4', { type: 'video/mp4' });
    await userEvent.upload(screen.getByLabelText('Video file'), file);
    expect(screen.getByTestId('chosen-file')).toHaveTextContent('talk.mp4');
    expect(screen.getByTestId('chosen-file')).toHaveTextContent('2.0 KB');
    await generate();

    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/process');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.body?.get('input_type')).toBe('Upload Video File');
    expect(xhr.body?.get('video_file')).toBeInstanceOf(File);
    expect((xhr.body?.get('video_file') as File).name).toBe('talk.mp4');
    expect(xhr.body?.get('add_subtitles')).toBe('true');
    expect(xhr.body?.get('youtube_url')).toBeNull();
    expect(screen.getByRole('button', { name: /Generating/ })).toBeDisabled();

    xhr.progress(12.3 * 1024 * 1024, 40.1 * 1024 * 1024);
    expect(screen.getByText('12.3 MB of 40.1 MB')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', String(12.3 * 1024 * 1024));

    xhr.respond(202, { job_id: 'j1' });
    expect(await screen.findByText('Transcribing speech')).toBeInTheDocument();
    expect(screen.getByText('45%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Job progress' })).toHaveAttribute('value', '45');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Clip generation cancelled.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => String(url) === '/api/clipper/jobs/j1' && init?.method === 'DELETE')).toBe(true);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate clips' })).toBeEnabled();
  });

  it('cancels an upload in progress without calling the server', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const fetchMock = serve();
    renderClipper();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate clips' })).toBeEnabled());
    await userEvent.upload(screen.getByLabelText('Video file'), new File(['x'], 'clip.mkv', { type: '' }), { applyAccept: false });
    await generate();
    expect(FakeXhr.last?.body?.get('input_type')).toBe('Upload Video File');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Clip generation cancelled.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it('sends requests to the configured clipper address', async () => {
    const fetchMock = serve({ clipper: { enabled: true, baseUrl: 'https://clips.example.test/' } });
    renderClipper();
    await chooseYoutube();
    await generate();
    expect(await screen.findByRole('article', { name: 'Clip 1' })).toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toContain('https://clips.example.test/api/process');
    expect(urls).toContain('https://clips.example.test/api/clipper/jobs/j1');
    expect(formField(fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/process'))?.[1], 'async')).toBe('true');
  });
});
