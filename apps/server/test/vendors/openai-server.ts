import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking OpenAI's chat-completions wire format (what OpenAI, Ollama and vLLM
 * answer): requests as the real provider sends them, answers as documented — a `chat.completion`
 * (choices[].message.content, refusal, finish_reason, usage), or with `stream: true` Server-Sent
 * Events of `chat.completion.chunk` deltas ending with `data: [DONE]` — including malformed, refused
 * and failed ones, and tool calls (`message.tool_calls`, `finish_reason: 'tool_calls'`; streamed as
 * `delta.tool_calls`), whose results come back in the next request as `role: 'tool'` messages.
 */
export type OpenAiAnswer = {
  content: string | null;
  refusal?: string;
  /** Streamed answers: the content deltas, in order (default: the content in one delta). */
  chunks?: string[];
  /** Answer this HTTP error instead, with OpenAI's error body. */
  error?: { status: number; message: string };
  /** Call these functions instead of answering: `content` is then null, `finish_reason` 'tool_calls'. */
  toolCalls?: { name: string; arguments: unknown }[];
};

/** A draft as the LLM engine asks for it (structured output: the text, its sources by label, points to check). */
export function draftAnswer(
  text: string,
  over: Partial<{ knowledgeUsed: string[]; pastRepliesUsed: string[]; allAnswered: boolean; toCheck: string[] }> = {},
): OpenAiAnswer {
  return { content: JSON.stringify({ text, knowledgeUsed: [], pastRepliesUsed: [], allAnswered: true, toCheck: [], ...over }) };
}

/** A tool call as the model sends it, its arguments a JSON text. */
export type OpenAiToolCall = { id: string; type: 'function'; function: { name: string; arguments: string } };

/**
 * A message of the request. One member per role, so that `messages.find((m) => m.role === 'user')`
 * is a message whose content is text; an assistant's content is null when it only called tools.
 */
export type OpenAiMessage =
  | { role: 'system'; content: string }
  | { role: 'developer'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: OpenAiToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export type OpenAiRequest = {
  model: string;
  messages: OpenAiMessage[];
  /** The functions the model may call (absent when none is offered). */
  tools?: { type: 'function'; function: { name: string; description?: string; parameters: Record<string, unknown> } }[];
  tool_choice?: unknown;
  response_format?: { type: string };
  stream?: boolean;
};

const BASE = { id: 'chatcmpl-test', created: 1_790_000_000, model: 'test-model' };
const USAGE = { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 };

function completion(answer: OpenAiAnswer, toolCalls: OpenAiToolCall[] | null) {
  const message = toolCalls
    ? { role: 'assistant', content: null, refusal: null, tool_calls: toolCalls }
    : { role: 'assistant', content: answer.content, refusal: answer.refusal ?? null };
  return {
    ...BASE,
    object: 'chat.completion',
    choices: [{ index: 0, message, logprobs: null, finish_reason: toolCalls ? 'tool_calls' : 'stop' }],
    usage: USAGE,
  };
}

function chunk(delta: object, finishReason: string | null, usage: object | null = null) {
  return {
    ...BASE,
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    usage,
  };
}

export async function startOpenAiServer(options: { apiKey: string }) {
  const answers: OpenAiAnswer[] = [];
  const requests: OpenAiRequest[] = [];
  let calls = 0;

  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (part: Buffer) => (body += part.toString()));
    req.on('end', () => {
      const sendJson = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.url !== '/v1/chat/completions' || req.headers.authorization !== `Bearer ${options.apiKey}`) {
        return sendJson(401, {
          error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' },
        });
      }
      const request = JSON.parse(body) as OpenAiRequest;
      requests.push(request);
      const answer = answers.shift() ?? { content: '' };
      if (answer.error) {
        return sendJson(answer.error.status, { error: { message: answer.error.message, type: 'server_error', code: null } });
      }
      const toolCalls =
        answer.toolCalls?.map((call): OpenAiToolCall => ({
          id: `call_${++calls}`,
          type: 'function',
          function: { name: call.name, arguments: JSON.stringify(call.arguments) },
        })) ?? null;
      if (!request.stream) return sendJson(200, completion(answer, toolCalls));
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const write = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
      if (toolCalls) {
        // As OpenAI streams them: each call opens with its id and name, then its arguments in pieces.
        write(chunk({ role: 'assistant', content: null, refusal: null }, null));
        toolCalls.forEach((call, index) => {
          const { name, arguments: args } = call.function;
          write(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name, arguments: '' } }] }, null));
          const half = Math.ceil(args.length / 2);
          for (const piece of [args.slice(0, half), args.slice(half)]) {
            if (piece) write(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }, null));
          }
        });
        write(chunk({}, 'tool_calls'));
      } else {
        write(chunk({ role: 'assistant', content: '', refusal: null }, null));
        for (const piece of answer.chunks ?? [answer.content ?? '']) write(chunk({ content: piece }, null));
        write(chunk({}, 'stop'));
      }
      write({ ...BASE, object: 'chat.completion.chunk', choices: [], usage: USAGE });
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return {
    baseUrl,
    /** The server's environment for an AI provider at this address (the LLM engine's settings). */
    env: { AI_PROVIDER: 'openai-compatible', AI_MODEL: 'test-model', AI_API_KEY: options.apiKey, AI_BASE_URL: baseUrl },
    /** What the next requests answer, in order (an empty content when none is left). */
    answers,
    requests,
    reset() {
      answers.length = 0;
      requests.length = 0;
      calls = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
