/** Whether a new staff password is long enough and hard to guess: zxcvbn-ts, with its dictionaries, offline. */
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

export const MIN_PASSWORD_LENGTH = 12;
/** zxcvbn's 0–4 scale; 3 is "safely unguessable: moderate protection from offline slow-hash scenario". */
const MIN_SCORE = 3;

/** The dictionaries take about 10 MB: loaded when the first password is set, not by every server that starts. */
let zxcvbn: Promise<ZxcvbnFactory> | undefined;
const checker = () =>
  (zxcvbn ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common"), import("@zxcvbn-ts/language-en")]).then(
    ([{ ZxcvbnFactory }, common, english]) =>
      new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...english.dictionary },
        graphs: common.adjacencyGraphs,
        translations: english.translations,
      }),
  ));

/** The message to show beside the field, or null when the password will do. */
export async function passwordProblem(password: string, userInputs: string[]): Promise<string | null> {
  if (password.length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > 256) return "Use at most 256 characters.";
  const result = (await checker()).check(password, userInputs);
  if (result.score >= MIN_SCORE) return null;
  const hint = result.feedback.warning || result.feedback.suggestions[0];
  return `This password is too easy to guess${hint ? `: ${hint.replace(/\.$/, "")}` : ""}. Try a few unrelated words.`;
}
