import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderPage, stubFetch } from '@/test/render';
import { useAssistantChat } from '../hooks/use-assistant-chat';
import { sseResponse, streamedReply } from '../test-streams';
import { AssistantChat } from './assistant-chat';

function Chat() {
  const chat = useAssistantChat();
  return <AssistantChat chat={chat} />;
}

const box = () => screen.getByRole('textbox', { name: 'Message' });
const conversation = () => screen.getByRole('log', { name: 'Conversation' });
const sentBodies = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === '/api/assistant/stream').map(([, init]) => JSON.parse(String(init?.body)));

describe('assistant chat', () => {
  it('streams the reply into the conversation as it is written', async () => {
    const stream = sseResponse();
    const fetchMock = stubFetch(() => stream.response);
    const user = userEvent.setup();
    renderPage(<Chat />);

    await user.type(box(), '  Give me a hook  {Enter}');
    expect(within(conversation()).getByText('Give me a hook')).toBeInTheDocument();
    expect(within(conversation()).getByText('Writing…')).toBeInTheDocument();
    expect(box()).toHaveValue('');

    act(() => stream.delta('Stop '));
    expect(await within(conversation()).findByText('Stop')).toBeInTheDocument();
    act(() => stream.delta('scrolling.'));
    expect(await within(conversation()).findByText('Stop scrolling.')).toBeInTheDocument();
    expect(conversation()).toHaveAttribute('aria-busy', 'true');
    act(() => stream.done());
    await waitFor(() => expect(conversation()).toHaveAttribute('aria-busy', 'false'));

    expect(within(conversation()).getByText('You')).toBeInTheDocument();
    expect(within(conversation()).getByText('Assistant')).toBeInTheDocument();
    const [call] = fetchMock.mock.calls;
    expect(call[1]).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(sentBodies(fetchMock)).toEqual([{ messages: [{ role: 'user', content: 'Give me a hook' }] }]);
  });

  it('sends the earlier conversation with the next message', async () => {
    const fetchMock = stubFetch(() => streamedReply('Baking? ', 'Sure.'));
    const user = userEvent.setup();
    renderPage(<Chat />);
    await user.type(box(), 'Hooks please{Enter}');
    await within(conversation()).findByText('Baking? Sure.');
    await user.type(box(), 'About baking{Enter}');
    await waitFor(() => expect(sentBodies(fetchMock)).toHaveLength(2));
    expect(sentBodies(fetchMock)[1]).toEqual({
      messages: [
        { role: 'user', content: 'Hooks please' },
        { role: 'assistant', content: 'Baking? Sure.' },
        { role: 'user', content: 'About baking' },
      ],
    });
  });

  it("shows 'Error: {message}' with the server's error text", async () => {
    stubFetch(() => json({ error: 'The AI service failed (HTTP 500): overloaded' }, 502));
    const user = userEvent.setup();
    renderPage(<Chat />);
    await user.type(box(), 'Hi{Enter}');
    expect(await within(conversation()).findByText('Error: The AI service failed (HTTP 500): overloaded')).toBeInTheDocument();
    // The failed turn is not sent again as history, and the chat can go on.
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(box(), 'Again');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it("shows 'Error: {message}' when the stream breaks off with an error event, keeping what arrived", async () => {
    const stream = sseResponse();
    stubFetch(() => stream.response);
    const user = userEvent.setup();
    renderPage(<Chat />);
    await user.type(box(), 'Hi{Enter}');
    act(() => stream.delta('Half a'));
    await within(conversation()).findByText('Half a');
    act(() => stream.fail('The AI service failed: cut off'));
    expect(await within(conversation()).findByText('Error: The AI service failed: cut off')).toBeInTheDocument();
    expect(within(conversation()).getByText('Half a')).toBeInTheDocument();
  });

  it("shows '(no response)' for an empty reply", async () => {
    stubFetch(() => streamedReply());
    const user = userEvent.setup();
    renderPage(<Chat />);
    await user.type(box(), 'Hello?{Enter}');
    expect(await within(conversation()).findByText('(no response)')).toBeInTheDocument();
  });

  it('sends nothing while a reply is pending', async () => {
    const first = sseResponse();
    const fetchMock = stubFetch(() => first.response);
    const user = userEvent.setup();
    renderPage(<Chat />);
    await user.type(box(), 'First{Enter}');
    await user.type(box(), 'Second{Enter}');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(sentBodies(fetchMock)).toHaveLength(1);
    // The next message waits in the box, not lost.
    expect(box()).toHaveValue('Second');
    expect(within(conversation()).queryByText('Second')).not.toBeInTheDocument();

    act(() => {
      first.delta('Done.');
      first.done();
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
    stubFetch(() => streamedReply('Ok'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sentBodies(fetchMock)).toHaveLength(2));
  });

  it('sends only trimmed, non-empty messages; Shift+Enter starts a new line', async () => {
    const fetchMock = stubFetch(() => streamedReply('Ok'));
    const user = userEvent.setup();
    renderPage(<Chat />);
    await user.type(box(), '   {Enter}');
    await user.type(box(), '{Shift>}{Enter}{/Shift}\t');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(box());
    await user.type(box(), '  Line one{Shift>}{Enter}{/Shift}Line two  ');
    expect(box()).toHaveValue('  Line one\nLine two  ');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sentBodies(fetchMock)).toEqual([{ messages: [{ role: 'user', content: 'Line one\nLine two' }] }]));
  });

  it('stops a reply on Stop, keeping what was written', async () => {
    const stream = sseResponse();
    let aborted = false;
    stubFetch((_path, init) => {
      init?.signal?.addEventListener('abort', () => {
        aborted = true;
        stream.abort();
      });
      return stream.response;
    });
    const user = userEvent.setup();
    renderPage(<Chat />);
    await user.type(box(), 'Long one{Enter}');
    act(() => stream.delta('Part'));
    await within(conversation()).findByText('Part');
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(conversation()).toHaveAttribute('aria-busy', 'false'));
    expect(within(conversation()).getByText('Part')).toBeInTheDocument();
    expect(within(conversation()).queryByText(/^Error:/)).not.toBeInTheDocument();
    // The request itself is cancelled, so the server stops the AI service.
    expect(aborted).toBe(true);
  });
});
