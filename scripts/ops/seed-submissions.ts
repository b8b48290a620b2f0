/**
 * `npx tsx scripts/ops/seed-submissions.ts [count]`: fills the configured database with `count` made-up
 * messages and as many volunteer sign-ups (default 10,000 each), to try the inbox at volume. Every address
 * is @example.org. Rows are sealed to the database's inbox key as `storeSubmission` seals them (not yet in the
 * blind index: the first unlocked "Find a person" indexes them); without a key, one is made and its recovery
 * keys printed. The same seed gives the same contents (the ids and ciphertexts are random, as the form's are).
 * `scripts/bench/staff.ts` uses it for its figures.
 */
import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { openDatabase, type Database } from "../../db/client.server";
import { contactSubmissions, joinSubmissions } from "../../db/schema";
import { INTERESTS, OTHER_INTEREST } from "../../app/forms/definitions";
import { NoInboxKey } from "../../app/forms/submissions.server";
import { LANGUAGES, SOURCE_LANGUAGE } from "../../app/i18n/languages";
import { currentInboxKey, sealContents, type InboxPublicKey } from "../../app/lib/sealed-submissions.server";
import { SYSTEM } from "../../app/staff/audit.server";
import { createInboxKey } from "../../app/staff/inbox-keys.server";
import { serverIsRunning } from "../../server/control";
import { loadConfig } from "../../server/config";

const FIRST = [
  "Layla",
  "Nadia",
  "Yousef",
  "Mariam",
  "Daniel",
  "Sara",
  "Gurpreet",
  "Shirin",
  "Elias",
  "Ruth",
  "Karim",
  "Hana",
  "Tomas",
  "Amina",
];
const LAST = ["Haddad", "Murad", "Kaya", "Shamoun", "Cohen", "Singh", "Rahimi", "Aziz", "Khoury", "Levi", "Barzani", "Mansour"];
const COUNTRIES = [
  "Iraq",
  "Syria",
  "Egypt",
  "Nigeria",
  "Iran",
  "Germany",
  "United States",
  "Canada",
  "Lebanon",
  "India",
  "Armenia",
  "Israel",
];
const COMMUNITIES = ["Yazidi", "Copt", "Assyrian", "Baha'i", "Druze", "Jewish", "Sikh", "Chaldean", "Armenian", "Alawite", ""];
const TOPICS = [
  "volunteering",
  "a talk at our school",
  "a news report",
  "family still in the camps",
  "donations",
  "a documentary",
  "translation help",
];
const WORDS = "please help would like to know more about how we can support the community and share this with our group next month".split(
  " ",
);

/** mulberry32: small, fast and repeatable. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A row as storeSubmission writes it: its id, the sealed columns and the clear ones the inbox sorts and filters on. */
function sealedRow(
  table: "contact_submissions" | "join_submissions",
  key: InboxPublicKey,
  {
    fields,
    language,
    ...clear
  }: { fields: Record<string, unknown>; language: string; status: string; spam: boolean; handledAt: Date | null; createdAt: Date },
) {
  const id = randomUUID();
  return { id, ...sealContents(table, id, key, { fields, language, note: "" }), ...clear };
}

/** Seeds `count` of each form, sealed to the current inbox key (NoInboxKey when there is none). */
export async function seedSubmissions(db: Database, count = 10_000, seed = 1) {
  const key = await currentInboxKey(db);
  if (!key) throw new NoInboxKey();
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const sentence = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(" ");
  const YEAR = 365 * 86_400_000;
  // Most write in English; the rest in the site's other languages.
  const language = () => (next() < 0.7 ? SOURCE_LANGUAGE : pick(LANGUAGES).code);
  const person = (i: number, kind: string) => {
    const name = `${pick(FIRST)} ${pick(LAST)}`;
    const createdAt = new Date(Date.now() - next() * YEAR);
    const roll = next();
    const status = roll < 0.15 ? "new" : roll < 0.4 ? "in_progress" : "done";
    return {
      fields: {
        name,
        email: `${name.toLowerCase().replace(/\W+/g, ".")}.${kind}${i}@example.org`,
        // Ofcom's numbers for drama (07700 900000–900999), for about a third of people.
        phone: next() < 0.35 ? `+44 7700 900${String(i % 1000).padStart(3, "0")}` : "",
        organization: "",
        country: pick(COUNTRIES),
        community: pick(COMMUNITIES),
      },
      language: language(),
      status,
      spam: next() < 0.05,
      handledAt: status === "done" ? createdAt : null,
      createdAt,
    };
  };
  const BATCH = 1000;
  for (let start = 0; start < count; start += BATCH) {
    const size = Math.min(BATCH, count - start);
    // In the order of each form's schema, with its defaults, as the form's validation hands them to storeSubmission.
    await db.insert(contactSubmissions).values(
      Array.from({ length: size }, (_, k) => {
        const p = person(start + k, "m");
        const fields = {
          ...p.fields,
          subject: `About ${pick(TOPICS)}`,
          message: sentence(12 + Math.floor(next() * 40)),
          agree_to_terms: true,
        };
        return sealedRow("contact_submissions", key, { ...p, fields });
      }),
    );
    await db.insert(joinSubmissions).values(
      Array.from({ length: size }, (_, k) => {
        const p = person(start + k, "v");
        const interests = [...new Set([pick(INTERESTS), pick(INTERESTS)])];
        const fields = {
          ...p.fields,
          social_media: "",
          interests,
          other_description: interests.includes(OTHER_INTEREST) ? sentence(4) : "",
          message: sentence(5 + Math.floor(next() * 20)),
          agree_to_terms: true,
        };
        return sealedRow("join_submissions", key, { ...p, fields });
      }),
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const count = Number(process.argv[2] ?? 10_000);
  const config = loadConfig(process.env);
  const dataDir = resolve(config.DATA_DIR);
  if (!config.DATABASE_URL && (await serverIsRunning(dataDir))) {
    console.error("The server is running on the embedded database; stop it first (only one process may open it).");
    process.exit(1);
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir, poolSize: 2 });
  try {
    if (!(await currentInboxKey(database.db))) {
      // Seed data for trying the inbox: the key's recovery keys are shown here and kept nowhere else.
      const { recoveryKeys } = await createInboxKey(database.db, SYSTEM);
      console.log(
        "This database had no inbox key: one was made. Its recovery keys (the unlock page takes one with your password",
        "and gives your account the inbox) are not kept anywhere else:",
      );
      for (const recoveryKey of recoveryKeys) console.log(`  ${recoveryKey}`);
    }
    await seedSubmissions(database.db, count);
  } finally {
    await database.close();
  }
  console.log(`Seeded ${count} messages and ${count} volunteer sign-ups (addresses @example.org), sealed to the inbox key.`);
}
