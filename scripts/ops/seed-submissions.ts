/**
 * `npx tsx scripts/ops/seed-submissions.ts [count]`: fills the configured database with `count` made-up
 * messages and as many volunteer sign-ups (default 10,000 each), to try the inbox at volume. Every address
 * is @example.org. The same seed gives the same rows. `scripts/bench/staff.ts` uses it for its figures.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { openDatabase, type Database } from "../../db/client.server";
import { contactSubmissions, joinSubmissions } from "../../db/schema";
import { INTERESTS } from "../../app/forms/definitions";
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

export async function seedSubmissions(db: Database, count = 10_000, seed = 1) {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const sentence = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(" ");
  const YEAR = 365 * 86_400_000;
  const person = (i: number, kind: string) => {
    const name = `${pick(FIRST)} ${pick(LAST)}`;
    const createdAt = new Date(Date.now() - next() * YEAR);
    const roll = next();
    const status = roll < 0.15 ? "new" : roll < 0.4 ? "in_progress" : "done";
    return {
      name,
      email: `${name.toLowerCase().replace(/\W+/g, ".")}.${kind}${i}@example.org`,
      country: pick(COUNTRIES),
      community: pick(COMMUNITIES),
      status,
      spam: next() < 0.05,
      handledAt: status === "done" ? createdAt : null,
      createdAt,
      agree_to_terms: true,
    };
  };
  const BATCH = 1000;
  for (let start = 0; start < count; start += BATCH) {
    const size = Math.min(BATCH, count - start);
    await db.insert(contactSubmissions).values(
      Array.from({ length: size }, (_, k) => ({
        ...person(start + k, "m"),
        subject: `About ${pick(TOPICS)}`,
        message: sentence(12 + Math.floor(next() * 40)),
      })),
    );
    await db.insert(joinSubmissions).values(
      Array.from({ length: size }, (_, k) => ({
        ...person(start + k, "v"),
        interests: [...new Set([pick(INTERESTS), pick(INTERESTS)])],
        message: sentence(5 + Math.floor(next() * 20)),
      })),
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
  await seedSubmissions(database.db, count);
  await database.close();
  console.log(`Seeded ${count} messages and ${count} volunteer sign-ups (addresses @example.org).`);
}
