import { WORKSPACE_HEADER, type TClipJobResponse, type TClipJobStatus, type TDraft, type TDraftChannel } from '@hookline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearActiveWorkspace } from '@/lib/active-workspace';
import { openWorkspaceForTest } from '@/test/active-workspace';
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
      aspect_ratio: '9:16',
      draft_id: null,
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
      aspect_ratio: '9:16',
      draft_id: null,
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

const done = (result: TClipJobResponse = RESULT) => status({ status: 'done', stage: 'done', percent: 100, result });

/** A clip's draft as the server makes it: a Reel/Short with the clip as its media. */
const clipDraft = (id: string, channel: TDraftChannel, clipNumber: number): TDraft => ({
  id,
  channel,
  type: 'reel',
  text: 'Here is the one thing nobody tells you #shorts',
  status: 'draft',
  scheduledAt: null,
  publishedAt: null,
  media: { url: `/api/media/${id}.mp4`, type: 'video/mp4', name: `clip_${clipNumber}.mp4`, altText: '' },
  connectionId: null,
  problems: [],
  reviewState: null,
  requestId: null,
  failureReason: null,
  lateSeconds: null,
  publishedTo: null,
  postUrl: null,
  platformError: null,
  metrics: null,
  createdAt: '2030-01-01T10:00:00.000Z',
  updatedAt: '2030-01-01T10:00:00.000Z',
});

/** The channel a drafts request asked for, or the server's own choice for 9:16 clips. */
const askedChannel = (init?: RequestInit): TDraftChannel =>
  (JSON.parse(String(init?.body ?? '{}')) as { channel?: TDraftChannel }).channel ?? 'instagram';

/** "Create drafts for all" answered: every clip's draft, in the clips' order. */
const everyClipDraft = (init?: RequestInit) =>
  json({ drafts: RESULT.clips.map((clip) => clipDraft(`d${clip.clip_number}`, askedChannel(init), clip.clip_number)) }, 201);

/**
 * The clipper API as the page sees it; `process` and `job` answer POST /api/process and GET status,
 * `draft` and `drafts` the clip's "Create draft" and "Create drafts for all".
 */
function serve(options: { clipper?: unknown; process?: Responder; job?: Responder; draft?: Responder; drafts?: Responder } = {}) {
  const {
    process = () => json({ job_id: 'j1' }, 202),
    job = () => json(done()),
    draft = (path, init) => {
      const n = Number(path.split('/').at(-2));
      return json({ drafts: [clipDraft(`d${n}`, askedChannel(init), n)] }, 201);
    },
    drafts = (_, init) => everyClipDraft(init),
  } = options;
  // { clipper: undefined } stands for a server that does not send the field at all.
  const config = 'clipper' in options ? { ...CONFIG, clipper: options.clipper } : { ...CONFIG, clipper: { enabled: true, baseUrl: '' } };
  return stubFetch((path, init) => {
    if (path === '/api/config') return json(config);
    if (path === '/api/process' && init?.method === 'POST') return process(path, init);
    if (/^\/api\/clipper\/jobs\/j1\/clips\/\d+\/draft$/.test(path) && init?.method === 'POST') return draft(path, init);
    if (path === '/api/clipper/jobs/j1/drafts' && init?.method === 'POST') return drafts(path, init);
    if (path === '/api/clipper/jobs/j1' && init?.method === 'DELETE') return new Response(null, { status: 204 });
    if (path === '/api/clipper/jobs/j1') return job(path, init);
    return json({ detail: 'Not found' }, 404);
  });
}

const renderClipper = () => renderPage(<VideoClipperPage />, '/dashboard/video-clipper');
const generate = () => userEvent.click(screen.getByRole('button', { name: 'Generate clips' }));
const formField = (init: RequestInit | undefined, name: string) => (init?.body as FormData).get(name);
/** The fields of the (first) POST /api/process made through fetch. */
const formBody = (fetchMock: ReturnType<typeof serve>) =>
  Object.fromEntries([...(fetchMock.mock.calls.find(([url]) => String(url) === '/api/process')?.[1]?.body as FormData).entries()]);

async function chooseYoutube(url = 'https://www.youtube.com/watch?v=abc') {
  await userEvent.click(await screen.findByRole('radio', { name: 'YouTube URL' }));
  if (url) await userEvent.type(screen.getByLabelText('YouTube URL', { selector: 'input[type="url"]' }), url);
}

describe('Video Clipper page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearActiveWorkspace();
    FakeXhr.last = null;
  });

  it('shows the defaults: upload source, 30 s clips, 3 clips, 9:16 with a centred crop, subtitles on in Bold pop', async () => {
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

    const frames = within(screen.getByRole('group', { name: 'Aspect ratio' })).getAllByRole('radio');
    expect(frames.map((radio) => radio.getAttribute('aria-label'))).toEqual([
      'Original',
      '9:16 vertical (Shorts, Reels, TikTok)',
      '1:1 square',
      '4:5 portrait',
    ]);
    expect(screen.getByRole('radio', { name: '9:16 vertical (Shorts, Reels, TikTok)' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'When no face is found' })).toHaveValue('center');
    const style = screen.getByRole('combobox', { name: 'Caption style' });
    expect(style).toHaveValue('bold');
    expect([...(style as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Bold pop', 'Boxed', 'Clean']);
    const lookFor = screen.getByRole('textbox', { name: /What to look for/ });
    expect(lookFor).toHaveValue('');
    expect(lookFor).toHaveAttribute('maxlength', '200');
    expect(lookFor).toHaveAttribute('placeholder', 'Moments about pricing, funny bits');
    expect(lookFor).toHaveAccessibleDescription(/steers which moments are chosen/);
  });

  it('sends the chosen frame, framing, caption style and what to look for', async () => {
    const fetchMock = serve();
    renderClipper();
    await chooseYoutube();
    const square = screen.getByRole('radio', { name: '1:1 square' });
    // The frames are one radio group: the arrow keys move the choice.
    screen.getByRole('radio', { name: '9:16 vertical (Shorts, Reels, TikTok)' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(square).toBeChecked();
    expect(square).toHaveFocus();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'When no face is found' }), 'Whole frame on a blurred background');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Caption style' }), 'Clean');
    await userEvent.click(screen.getByRole('textbox', { name: /What to look for/ }));
    await userEvent.paste('  moments about pricing ');
    await generate();
    await screen.findByRole('region', { name: 'Your clips' });
    expect(formBody(fetchMock)).toMatchObject({
      aspect_ratio: '1:1',
      no_face_framing: 'blur',
      add_subtitles: 'true',
      caption_style: 'clean',
      look_for: 'moments about pricing',
    });
  });

  it('leaves out what would change nothing: framing for Original, a style without subtitles, blank words to look for', async () => {
    const fetchMock = serve();
    renderClipper();
    await chooseYoutube();
    await userEvent.click(screen.getByRole('radio', { name: 'Original' }));
    expect(screen.queryByRole('combobox', { name: 'When no face is found' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /Add subtitles/ }));
    expect(screen.queryByRole('combobox', { name: 'Caption style' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('textbox', { name: /What to look for/ }));
    await userEvent.paste('   ');
    await generate();
    await screen.findByRole('region', { name: 'Your clips' });
    expect(formBody(fetchMock)).toEqual({
      input_type: 'YouTube URL',
      clip_duration: '30',
      num_clips: '3',
      add_subtitles: 'false',
      aspect_ratio: 'original',
      async: 'true',
      youtube_url: 'https://www.youtube.com/watch?v=abc',
    });
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
    expect(formBody(fetchMock)).toEqual({
      input_type: 'YouTube URL',
      clip_duration: '30',
      num_clips: '2',
      add_subtitles: 'false',
      aspect_ratio: '9:16',
      no_face_framing: 'center',
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
    // A 9:16 clip plays in a tall player of its own shape.
    expect(video).toHaveClass('aspect-[9/16]');
    expect(video).not.toHaveClass('aspect-video');
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
    expect(xhr.body?.get('caption_style')).toBe('bold');
    expect(xhr.body?.get('aspect_ratio')).toBe('9:16');
    expect(xhr.body?.get('look_for')).toBeNull();
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
  describe('drafts from the clips', () => {
    const draftCalls = (fetchMock: ReturnType<typeof serve>) =>
      fetchMock.mock.calls
        .filter(([url]) => /\/drafts?$/.test(String(url)))
        .map(([url, init]) => ({
          url: String(url),
          method: init?.method,
          body: init?.body,
          workspace: new Headers(init?.headers).get(WORKSPACE_HEADER),
        }));

    async function showClips(options: Parameters<typeof serve>[0] = {}) {
      const fetchMock = serve(options);
      renderClipper();
      await chooseYoutube();
      await generate();
      return { fetchMock, results: await screen.findByRole('region', { name: 'Your clips' }) };
    }

    it('makes one clip a draft in the active workspace, then links to the Content page', async () => {
      openWorkspaceForTest('ws-42', '/dashboard/video-clipper');
      const { fetchMock, results } = await showClips();
      expect(within(results).getByRole('combobox', { name: 'Post to' })).toHaveValue('instagram');
      const first = within(results).getByRole('article', { name: 'Clip 1' });
      await userEvent.click(within(first).getByRole('button', { name: 'Create draft' }));

      const link = await within(first).findByRole('link', { name: 'Open in Content' });
      expect(link).toHaveAttribute('href', '/dashboard/content');
      expect(link).toHaveFocus();
      expect(within(first).getByRole('status')).toHaveTextContent('Draft created');
      expect(within(first).queryByRole('button', { name: 'Create draft' })).not.toBeInTheDocument();
      expect(draftCalls(fetchMock)).toEqual([
        { url: '/api/clipper/jobs/j1/clips/1/draft', method: 'POST', body: '{"channel":"instagram"}', workspace: 'ws-42' },
      ]);

      const second = within(results).getByRole('article', { name: 'Clip 2' });
      expect(within(second).getByRole('button', { name: 'Create draft' })).toBeEnabled();
      expect(within(second).queryByText('Draft created')).not.toBeInTheDocument();
    });

    it('makes every clip a draft with one request, for the chosen channel, and counts them', async () => {
      let release = () => {};
      const answered = new Promise<void>((resolve) => {
        release = resolve;
      });
      const { fetchMock, results } = await showClips({
        drafts: async (_, init) => {
          await answered;
          return everyClipDraft(init);
        },
      });
      await userEvent.selectOptions(within(results).getByRole('combobox', { name: 'Post to' }), 'LinkedIn');
      await userEvent.click(within(results).getByRole('button', { name: 'Create drafts for all' }));

      const working = within(results).getByRole('button', { name: 'Creating drafts…' });
      expect(working).toHaveAttribute('aria-disabled', 'true');
      // Unavailable, it keeps the keyboard focus and a second press asks nothing.
      expect(working).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      expect(within(results).getByText('Creating drafts…', { selector: '[role="status"] *' })).toBeInTheDocument();
      for (const card of within(results).getAllByRole('article'))
        expect(within(card).getByRole('button', { name: 'Creating draft…' })).toBeDisabled();
      release();

      expect(await within(results).findByText('2 drafts created')).toBeInTheDocument();
      for (const card of within(results).getAllByRole('article')) {
        expect(within(card).getByText('Draft created')).toBeInTheDocument();
        expect(within(card).getByRole('link', { name: 'Open in Content' })).toHaveAttribute('href', '/dashboard/content');
      }
      const finished = within(results).getByRole('button', { name: 'Create drafts for all' });
      expect(finished).toHaveAttribute('aria-disabled', 'true');
      expect(finished).toHaveFocus();
      await userEvent.click(finished);
      expect(draftCalls(fetchMock)).toEqual([
        { url: '/api/clipper/jobs/j1/drafts', method: 'POST', body: '{"channel":"linkedin"}', workspace: null },
      ]);
    });

    it("shows the server's detail when drafts are refused, and keeps the drafts already made", async () => {
      const refused = () => json({ detail: 'This job has expired.', error: 'This job has expired.' }, 410);
      const { fetchMock, results } = await showClips({
        draft: (path, init) =>
          path.endsWith('/clips/2/draft') ? refused() : json({ drafts: [clipDraft('d1', askedChannel(init), 1)] }, 201),
        drafts: refused,
      });
      const [first, second] = within(results).getAllByRole('article');
      await userEvent.click(within(first).getByRole('button', { name: 'Create draft' }));
      expect(await within(first).findByText('Draft created')).toBeInTheDocument();

      await userEvent.click(within(second).getByRole('button', { name: 'Create draft' }));
      expect(await within(second).findByRole('alert')).toHaveTextContent('This job has expired.');
      expect(within(second).getByRole('button', { name: 'Create draft' })).toHaveFocus();

      await userEvent.click(within(results).getByRole('button', { name: 'Create drafts for all' }));
      // The clip's own failure made way for the new try; the answer to that try shows above the clips.
      const alert = await within(results).findByRole('alert');
      expect(alert).toHaveTextContent('This job has expired.');
      expect(second).not.toContainElement(alert);
      expect(within(first).getByText('Draft created')).toBeInTheDocument();
      expect(within(second).getByRole('button', { name: 'Create draft' })).toBeEnabled();
      expect(within(results).getByRole('button', { name: 'Create drafts for all' })).not.toHaveAttribute('aria-disabled');
      expect(within(results).queryByText(/drafts? created$/)).not.toBeInTheDocument();
      expect(draftCalls(fetchMock).map((call) => call.url)).toEqual([
        '/api/clipper/jobs/j1/clips/1/draft',
        '/api/clipper/jobs/j1/clips/2/draft',
        '/api/clipper/jobs/j1/drafts',
      ]);
    });

    it('offers YouTube for clips in the source frame, and counts only the drafts it made', async () => {
      const original: TClipJobResponse = {
        ...RESULT,
        clips: RESULT.clips.map((clip) => ({ ...clip, aspect_ratio: 'original', draft_id: clip.clip_number === 1 ? 'd1' : null })),
      };
      const { results } = await showClips({ job: () => json(done(original)) });
      expect(within(results).getByRole('combobox', { name: 'Post to' })).toHaveValue('youtube');
      const [first, second] = within(results).getAllByRole('article');
      expect(first.querySelector('video')).toHaveClass('aspect-video');
      expect(within(first).getByText('Draft created')).toBeInTheDocument();
      expect(within(first).queryByRole('button', { name: 'Create draft' })).not.toBeInTheDocument();

      await userEvent.click(within(results).getByRole('button', { name: 'Create drafts for all' }));
      expect(await within(results).findByText('1 draft created')).toBeInTheDocument();
      expect(within(second).getByText('Draft created')).toBeInTheDocument();
    });

    it('asks the job which clips got their draft when "Create drafts for all" failed part way', async () => {
      let madeFirst = false;
      const { results } = await showClips({
        job: () => json(done(madeFirst ? { ...RESULT, clips: [{ ...RESULT.clips[0], draft_id: 'd1' }, RESULT.clips[1]] } : RESULT)),
        drafts: () => {
          madeFirst = true;
          return json({ detail: 'This clip has expired.', error: 'This clip has expired.' }, 404);
        },
      });
      await userEvent.click(within(results).getByRole('button', { name: 'Create drafts for all' }));
      expect(await within(results).findByRole('alert')).toHaveTextContent('This clip has expired.');
      const [first, second] = within(results).getAllByRole('article');
      expect(await within(first).findByText('Draft created')).toBeInTheDocument();
      expect(within(first).getByRole('link', { name: 'Open in Content' })).toBeInTheDocument();
      expect(within(second).getByRole('button', { name: 'Create draft' })).toBeEnabled();
      expect(within(results).getByRole('button', { name: 'Create drafts for all' })).not.toHaveAttribute('aria-disabled');
    });
  });
});
