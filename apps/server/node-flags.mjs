// Node's flags for the server process, given wherever it is started: `npm start` (scripts/start.mjs),
// the Dockerfile's CMD (which repeats them), the benches and the heavy tests.
//
// --heap-growing-percent=40: after each full garbage collection V8 lets the old generation grow to
// up to four times what survived before it collects again; the server's garbage is mostly short-lived
// request and IMAP buffers promoted by chance, and under bench/load.ts (200 users) its RSS climbed
// from ~200 to 305–382 MB between two full collections. Growing by 40% keeps the peak at 241 MB for
// the same CPU (22% of a core) and the same latencies. (--max-semi-space-size=4 was tried: more
// objects promoted, peaks of 271–382 MB.)
export const SERVER_NODE_FLAGS = ['--heap-growing-percent=40'];
