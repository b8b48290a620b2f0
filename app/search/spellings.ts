/**
 * The names these communities and their persecutors are known by, and the spellings each name is written
 * in. A query naming one of them also finds pages written with another (query.ts widens it). Matching
 * ignores case, diacritics and apostrophes, so "Êzîdî" and "ezidi", "Bahá'í" and "Bahai" are one entry.
 *
 * - `names`: the same name in other spellings, or the same group under its other names; equal in ranking.
 * - `related`: close but not the same (Syriac Christians are not all Assyrians; ISWAP split from Boko
 *   Haram). They widen the search, and rank below pages that use the name asked for.
 */
export interface NameGroup {
  names: string[];
  related?: string[];
}

export const NAME_GROUPS: NameGroup[] = [
  // Communities
  { names: ["Yazidi", "Yazidis", "Yezidi", "Yezidis", "Ezidi", "Ezidis", "Êzîdî", "Ezidxan", "Ezidikhan"] },
  { names: ["Baha'i", "Baha'is", "Bahai", "Bahais", "Bahá'í", "Bahá'ís", "Bahaism"] },
  { names: ["Baloch", "Balochs", "Baluch", "Baluchi", "Balochi", "Balochis", "Beloch", "Balochistan", "Baluchistan"] },
  { names: ["Mandaean", "Mandaeans", "Mandean", "Mandeans", "Sabian", "Sabians", "Sabean", "Sabeans", "Sabian-Mandaean", "Subba"] },
  { names: ["Assyrian", "Assyrians", "Ashuri", "Athuraya"], related: ["Syriac", "Chaldean", "Chaldeans", "Aramean"] },
  { names: ["Chaldean", "Chaldeans"], related: ["Assyrian", "Assyrians", "Syriac"] },
  { names: ["Syriac", "Syriacs", "Suryoyo", "Suryani"], related: ["Assyrian", "Assyrians", "Chaldean", "Aramean"] },
  { names: ["Copt", "Copts", "Coptic", "Qibti"] },
  { names: ["Druze", "Druse", "Druzes", "Duruz", "Muwahhidun"] },
  { names: ["Alawite", "Alawites", "Alawi", "Alawis", "Nusayri", "Nusayris"] },
  { names: ["Amazigh", "Imazighen", "Berber", "Berbers", "Kabyle", "Kabyles", "Tamazight"] },
  { names: ["Armenian", "Armenians"] },
  { names: ["Samaritan", "Samaritans", "Shomronim"] },
  { names: ["Maronite", "Maronites"] },
  { names: ["Sikh", "Sikhs", "Sikhism", "Gurdwara", "Gurdwaras"] },
  { names: ["Hindu", "Hindus", "Hinduism"] },
  { names: ["Kurd", "Kurds", "Kurdish", "Kurdistan"] },
  { names: ["Jew", "Jews", "Jewish", "Judaism"] },
  { names: ["Sudanese", "Sudan", "Darfur", "Darfuri"] },
  { names: ["Sahel", "Sahelian", "Sahelians"] },
  // Places and events with several spellings
  { names: ["Sinjar", "Shingal", "Shengal"] },
  { names: ["Nineveh", "Ninawa", "Ninevah"] },
  { names: ["Qaraqosh", "Bakhdida", "Baghdeda", "Hamdaniya"] },
  { names: ["Suwayda", "Sweida", "Suweida", "As-Suwayda"] },
  { names: ["Nova festival", "Supernova", "Re'im"] },
  // Perpetrators, by the names they and others give them (never a people or a faith as such)
  { names: ["ISIS", "ISIL", "Daesh", "Da'esh", "Daish", "Islamic State"] },
  { names: ["Boko Haram", "JAS"], related: ["ISWAP"] },
  { names: ["ISWAP"], related: ["Boko Haram", "JAS"] },
  { names: ["RSF", "Rapid Support Forces", "Janjaweed"] },
  { names: ["JNIM"], related: ["al-Qaeda", "al-Qaida"] },
  { names: ["al-Qaeda", "al-Qaida", "Al Qaeda", "Qaeda", "Qaida"] },
  { names: ["Taliban", "Taleban"] },
  { names: ["Hezbollah", "Hizbollah", "Hizballah", "Hizbullah"] },
  { names: ["IRGC", "Revolutionary Guard", "Revolutionary Guards", "Sepah", "Pasdaran"] },
];
