/**
 * GM view build + send per command at 250 and 1,000 figures (issue 18 §3, §5): a session on a
 * real temp campaign folder, a real web host and a real WebSocket GM client; one command at a
 * time, timed from the call to the moment the socket has handed every GM message to the kernel.
 * Run: npx vitest run --config vitest.bench.config.ts tests/bench/gmViewBuild.measure.ts
 */
