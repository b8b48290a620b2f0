/** Ids for what staff add (a person, a partner), made from its name: "Ezidi Heritage Fund" → "ezidi-heritage-fund", then "-2", "-3"… */
export function* idCandidates(name: string): Generator<string> {
  const base =
    name
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "item";
  yield base;
  for (let n = 2; ; n++) yield `${base}-${n}`;
}
