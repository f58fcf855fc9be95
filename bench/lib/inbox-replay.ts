import type { AccuracyReport } from '@app/shared/accuracy';
import type { InboxReplay } from '../../apps/server/src/ai/past-mail-replay';
import { parseMessage } from '../../apps/server/src/mail/mime/parse-message';
import { toEngineMessage } from '../../apps/server/src/pipeline/classify';
import { likelySpam, suspectedSpam } from '../../apps/server/src/pipeline/spam-check';

/** A raw message as the first run reads it: the engine's view, and whether the pipeline would hold it as spam. */
export async function readAsServer(raw: string) {
  const parsed = await parseMessage(Buffer.from(raw), { maxBodyChars: 20_000 });
  return { message: toEngineMessage(parsed), heldAsSpam: likelySpam(parsed) !== null || suspectedSpam(parsed) };
}

/**
 * The report's inbox part (what the assistant would have moved of the mail left in the inbox) set
 * against the same replay run offline: equal when every count and every listed choice agrees.
 */
export function compareInbox(
  api: AccuracyReport['inbox'],
  offline: InboxReplay<unknown>,
  categories: { id: string; name: string }[],
  kept: number,
) {
  const apiMoved = new Map((api?.moved ?? []).map((m) => [m.id, m.count]));
  const rows = categories
    .map((c) => ({ name: c.name, api: apiMoved.get(c.id) ?? 0, offline: offline.moved.get(c.id) ?? 0 }))
    .filter((r) => r.api > 0 || r.offline > 0)
    .sort((a, b) => b.offline - a.offline);
  const listed = offline.movedList.slice(0, kept);
  const sameList =
    (api?.examples.length ?? 0) === listed.length &&
    listed.every((m, i) => {
      const e = api!.examples[i]!;
      return e.assistant.id === m.assistant && e.date === (m.date?.toISOString() ?? null);
    });
  const judged = api?.judged ?? 0;
  const equal =
    judged === offline.judged &&
    (api?.heldAsSpam ?? 0) === offline.heldAsSpam &&
    rows.every((r) => r.api === r.offline) &&
    sameList;
  const moved = [...offline.moved.values()].reduce((a, b) => a + b, 0);
  const share = offline.judged ? ((moved / offline.judged) * 100).toFixed(1) : '-';
  const lines = [
    `inbox: ${offline.judged} messages left unfiled; API judged ${judged}; would have moved ${moved} (${share}%), ` +
      `held ${offline.heldAsSpam} as spam; listed newest ${listed.length}: ${sameList ? 'same' : 'DIFFERENT'}`,
    ...rows.map((r) => `  ${r.name.padEnd(24)} API ${String(r.api).padStart(4)}  offline ${String(r.offline).padStart(4)}`),
    `inbox figures equal: ${equal ? 'yes' : 'NO'}`,
  ];
  return { equal, lines, result: { judged: offline.judged, moved, heldAsSpam: offline.heldAsSpam, perCategory: rows } };
}
