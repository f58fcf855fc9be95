import { askAnswerSchema, askDeltaSchema, askErrorSchema, type AskAnswer, type AskInput } from '@app/shared/assistant';
import { ApiRequestError } from '@/lib/api-client';

/** One Server-Sent Event of the answer stream. */
type StreamEvent = { name: string; data: unknown };

function parseEvent(block: string): StreamEvent | null {
  let name = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) name = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  return data.length ? { name, data: JSON.parse(data.join('\n')) as unknown } : null;
}

async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const event = parseEvent(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (event) yield event;
      end = buffer.indexOf('\n\n');
    }
  }
}

async function httpError(response: Response): Promise<ApiRequestError> {
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const text = (key: string) => (typeof body?.[key] === 'string' ? body[key] : '');
  const details = typeof body?.retryAfter === 'number' ? { retryAfter: body.retryAfter } : {};
  return new ApiRequestError(response.status, text('code'), text('message'), [], details);
}

/**
 * POST /api/ai/ask/stream: calls `onDelta` with each piece of the answer as it comes and resolves
 * with the whole answer (the `done` event). A refusal (HTTP error) or an `error` event rejects with
 * an ApiRequestError carrying the server's code and message.
 */
export async function askStream(input: AskInput, onDelta: (text: string) => void, signal?: AbortSignal): Promise<AskAnswer> {
  const response = await fetch('/api/ai/ask/stream', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
    signal,
  });
  if (!response.ok || !response.body) throw await httpError(response);
  for await (const event of readEvents(response.body)) {
    if (event.name === 'delta') onDelta(askDeltaSchema.parse(event.data).text);
    else if (event.name === 'done') return askAnswerSchema.parse(event.data);
    else if (event.name === 'error') {
      const failure = askErrorSchema.parse(event.data);
      throw new ApiRequestError(failure.status, failure.code, failure.message);
    }
  }
  throw new Error('The answer stream ended before the answer was complete');
}
