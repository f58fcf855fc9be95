import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking Anthropic's Messages API (https://docs.anthropic.com/en/api/messages):
 * `POST /v1/messages` with the `x-api-key` and `anthropic-version` headers, answered as documented —
 * a `message` (content blocks `text` / `tool_use`, stop_reason, usage), or with `stream: true`
 * Server-Sent Events (`event: <type>\ndata: <json>`: message_start, content_block_start,
 * content_block_delta with text_delta / input_json_delta, content_block_stop, message_delta,
 * message_stop) — including refused ones (stop_reason 'refusal', the text cut where the classifier
 * stopped it), failed ones (Anthropic's error body `{ type: 'error', error: { type, message } }`, with
 * headers such as `retry-after`), and tool uses, whose results come back in the next request as
 * `tool_result` blocks of a user message.
 *
 * Structured output is answered the way the request asks for it, as the real API does: with
 * `output_config.format` (native structured outputs) the object as the text of the message; with the
 * forced `json` tool (the only tool offered, `tool_choice: { type: 'any' }`: what the AI SDK sends
 * for models without native structured outputs) a `tool_use` block of that tool, the object its input.
 */
export type AnthropicAnswer = {
  /** A text answer (stop_reason 'end_turn'). */
  text?: string;
  /** Streamed answers: the text deltas, in order (default: the text in one delta). */
  chunks?: string[];
  /** An object for a structured-output request, answered as the request asked for it (see above). */
  structured?: unknown;
  /** Use these tools instead of answering: `tool_use` blocks with ids `toolu_<n>`, stop_reason 'tool_use'. */
  toolUses?: { name: string; input: unknown }[];
  /** Declined by the safety classifiers: stop_reason 'refusal', `text` (if any) being what came before. */
  refusal?: { category?: string; explanation?: string };
  /** Answer this HTTP error instead, with Anthropic's error body and these headers. */
  error?: { status: number; type?: string; message: string; headers?: Record<string, string> };
};

/** A structured answer (Output.object): the object, however the request asked for it. */
export const structuredAnswer = (value: unknown): AnthropicAnswer => ({ structured: value });

/** A draft as the LLM engine asks for it (structured output: the text, its sources by label, points to check). */
export function draftAnswer(
  text: string,
  over: Partial<{ knowledgeUsed: string[]; pastRepliesUsed: string[]; allAnswered: boolean; toCheck: string[] }> = {},
): AnthropicAnswer {
  return structuredAnswer({ text, knowledgeUsed: [], pastRepliesUsed: [], allAnswered: true, toCheck: [], ...over });
}

/** A content block of a request's message. */
export type AnthropicBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'tool_result'; tool_use_id: string; content: string | { type: 'text'; text: string }[]; is_error?: boolean };

export type AnthropicRequestBody = {
  model: string;
  max_tokens: number;
  system?: string | { type: 'text'; text: string }[];
  messages: { role: 'user' | 'assistant'; content: string | AnthropicBlock[] }[];
  tools?: { name: string; description?: string; input_schema: Record<string, unknown> }[];
  tool_choice?: { type: string; name?: string; disable_parallel_tool_use?: boolean };
  output_config?: { format?: { type: string; schema: Record<string, unknown> } };
  temperature?: number;
  stream?: boolean;
};

/** A request as it arrived (refused ones included), and when. */
export type AnthropicRequest = { body: AnthropicRequestBody; headers: IncomingHttpHeaders; at: number };

/** The error types Anthropic documents for each status (https://docs.anthropic.com/en/api/errors). */
const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};
const USAGE = { input_tokens: 120, output_tokens: 30 };

type Block = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: unknown };

/** The content and stop reason of an answer to a request. */
function reply(answer: AnthropicAnswer, body: AnthropicRequestBody, nextId: () => string) {
  const blocks: Block[] = [];
  if (answer.structured !== undefined) {
    // The SDK offers the `json` tool alone and forces a tool use (`any`, or that tool by name).
    const choice = body.tool_choice;
    const forcedJsonTool =
      body.tools?.some((t) => t.name === 'json') === true &&
      (choice?.type === 'any' || (choice?.type === 'tool' && choice.name === 'json'));
    if (forcedJsonTool) blocks.push({ type: 'tool_use', id: nextId(), name: 'json', input: answer.structured });
    else blocks.push({ type: 'text', text: JSON.stringify(answer.structured) });
    return { blocks, stopReason: forcedJsonTool ? 'tool_use' : 'end_turn' };
  }
  if (answer.text !== undefined) blocks.push({ type: 'text', text: answer.text });
  for (const use of answer.toolUses ?? []) blocks.push({ type: 'tool_use', id: nextId(), name: use.name, input: use.input });
  const stopReason = answer.refusal ? 'refusal' : answer.toolUses?.length ? 'tool_use' : 'end_turn';
  return { blocks, stopReason };
}

export async function startAnthropicServer(options: { apiKey: string }) {
  const answers: AnthropicAnswer[] = [];
  const requests: AnthropicRequest[] = [];
  let toolUses = 0;
  let messages = 0;

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (part: Buffer) => (raw += part.toString()));
    req.on('end', () => {
      const at = Date.now();
      const sendError = (status: number, message: string, type = ERROR_TYPES[status] ?? 'api_error', headers = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_test_${requests.length}`, ...headers });
        res.end(JSON.stringify({ type: 'error', error: { type, message }, request_id: `req_test_${requests.length}` }));
      };
      if (req.method !== 'POST' || req.url !== '/v1/messages') return sendError(404, 'Not found');
      let body: AnthropicRequestBody;
      try {
        body = JSON.parse(raw) as AnthropicRequestBody;
      } catch {
        return sendError(400, 'There was an error parsing the body of your request');
      }
      requests.push({ body, headers: req.headers, at });
      if (req.headers['x-api-key'] !== options.apiKey) return sendError(401, 'invalid x-api-key');
      if (!req.headers['anthropic-version']) return sendError(400, 'anthropic-version: header is required');
      if (typeof body.model !== 'string' || typeof body.max_tokens !== 'number' || !Array.isArray(body.messages)) {
        return sendError(400, 'model, max_tokens and messages: Field required');
      }
      const answer = answers.shift() ?? { text: '' };
      if (answer.error) {
        const { status, type, message, headers } = answer.error;
        return sendError(status, message, type, headers);
      }
      const { blocks, stopReason } = reply(answer, body, () => `toolu_${++toolUses}`);
      const stopDetails = answer.refusal ? { type: 'refusal', category: null, explanation: null, ...answer.refusal } : null;
      const message = {
        id: `msg_test_${++messages}`,
        type: 'message',
        role: 'assistant',
        model: body.model,
        stop_sequence: null,
      };
      if (!body.stream) {
        res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_test_${requests.length}` });
        const stop = { stop_reason: stopReason, ...(stopDetails && { stop_details: stopDetails }) };
        return res.end(JSON.stringify({ ...message, content: blocks, ...stop, usage: USAGE }));
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const send = (type: string, data: object) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
      send('message_start', {
        message: { ...message, content: [], stop_reason: null, usage: { input_tokens: USAGE.input_tokens, output_tokens: 1 } },
      });
      send('ping', {});
      blocks.forEach((block, index) => {
        if (block.type === 'text') {
          send('content_block_start', { index, content_block: { type: 'text', text: '' } });
          for (const text of answer.structured === undefined && answer.chunks ? answer.chunks : [block.text]) {
            send('content_block_delta', { index, delta: { type: 'text_delta', text } });
          }
        } else {
          // As Anthropic streams a tool use: the block opens with an empty input, then the JSON in pieces.
          send('content_block_start', { index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } });
          const json = JSON.stringify(block.input);
          const third = Math.ceil(json.length / 3);
          for (const partial_json of ['', json.slice(0, third), json.slice(third, 2 * third), json.slice(2 * third)]) {
            send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } });
          }
        }
        send('content_block_stop', { index });
      });
      send('message_delta', {
        delta: { stop_reason: stopReason, stop_sequence: null, ...(stopDetails && { stop_details: stopDetails }) },
        usage: { output_tokens: USAGE.output_tokens },
      });
      send('message_stop', {});
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return {
    /** What the engine's `baseUrl` should be: the SDK posts to `${baseUrl}/messages`. */
    baseUrl,
    /** The server's environment for an AI provider at this address (the LLM engine's settings). */
    env: { AI_PROVIDER: 'anthropic', AI_MODEL: 'claude-test', AI_API_KEY: options.apiKey, AI_BASE_URL: baseUrl },
    /** What the next requests answer, in order (an empty text when none is left). */
    answers,
    /** Every request to /v1/messages, refused ones included. */
    requests,
    reset() {
      answers.length = 0;
      requests.length = 0;
      toolUses = 0;
      messages = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
