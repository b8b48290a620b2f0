/**
 * What sealing alone costs a submission, in this process: `sealContents` as storeSubmission calls it, on the
 * contact form's fields as its validation hands them over (the JSON body in argv[2], or a message of ordinary
 * length), timed call by call. Prints one line: calls, p50 and p99 in milliseconds. `scripts/bench/submit.mjs`
 * runs it beside the endpoint's figures.
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { contactSchema } from "../../app/forms/definitions";
import { SOURCE_LANGUAGE } from "../../app/i18n/languages";
import { sealContents } from "../../app/lib/sealed-submissions.server";
import { generateKeyPair } from "../../app/lib/sealing.server";

const CALLS = Number(process.env.BENCH_SEAL_CALLS ?? 10_000);
const body = process.argv[2]
  ? JSON.parse(process.argv[2])
  : { name: "Bench Visitor", email: "bench@example.org", subject: "Benchmark", message: "A message.", agree_to_terms: true };
const fields = contactSchema.parse(body) as Record<string, unknown>;
const key = { id: "bench", publicKey: generateKeyPair().publicKey };
const contents = { fields, language: SOURCE_LANGUAGE, note: "" };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

for (let i = 0; i < 500; i++) sealContents("contact_submissions", randomUUID(), key, contents);
const samples: number[] = [];
for (let i = 0; i < CALLS; i++) {
  // The id is made per row, as storeSubmission makes it; its cost is not the seal's.
  const id = randomUUID();
  const start = performance.now();
  sealContents("contact_submissions", id, key, contents);
  samples.push(performance.now() - start);
}
samples.sort((a, b) => a - b);
console.log(`${CALLS} ${percentile(samples, 50).toFixed(3)} ${percentile(samples, 99).toFixed(3)}`);
