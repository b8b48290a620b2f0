import { describe, expect, it } from "vitest";
import { tollWarnings } from "./event-tolls";

const page = (path: string, text: string) => ({ path, text, sources: [] });

describe("content:check's toll warning: the same event with different tolls (issue 19)", () => {
  it("names the event, every page and the figure each gives when one page keeps an early count", () => {
    const warnings = tollWarnings([
      page("communities/jews.md", "On October 7, 2023, gunmen killed some 270 people at the Nova music festival."),
      page("ideology/mass-killings-genocide.md", "At the Nova festival in 2023, 364 people were killed."),
      page("ideology/same-ideology.md", "Hamas gunmen killed 364 people at the Nova festival in 2023."),
      page("ideology/sadistic-cruelty.md", "The attack on the Nova festival in October 2023 left 364 dead."),
    ]);
    expect(warnings).toEqual([
      "killed in 2023 (Nova): communities/jews.md says 270; ideology/mass-killings-genocide.md says 364; " +
        "ideology/same-ideology.md says 364; ideology/sadistic-cruelty.md says 364: " +
        "the same event with different tolls: use the current figure everywhere",
    ]);
  });

  it("reads figures with thousands separators and ties 'more than 50' to the named church", () => {
    const warnings = tollWarnings([
      page(
        "communities/assyrians.md",
        "In 2010 gunmen seized Our Lady of Salvation church in Baghdad; more than 50 worshippers and police were killed.",
      ),
      page(
        "ideology/mass-killings-genocide.md",
        "In 2010 the Islamic State of Iraq attacked Our Lady of Salvation church in Baghdad, killing 58 people.",
      ),
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^killed in 2010 \(.*Salvation.*\): communities\/assyrians\.md says 50; ideology\/mass-killings-genocide\.md says 58/,
    );
    expect(
      tollWarnings([
        page("a.md", "In 2014 ISIS killed at least 1,500 cadets at Camp Speicher."),
        page("b.md", "In 2014 about 1,700 cadets were killed at Camp Speicher."),
      ])[0],
    ).toContain("a.md says 1,500; b.md says 1,700");
  });

  it("accepts pages that agree, or that give a second, attributed figure beside the common one", () => {
    expect(
      tollWarnings([
        page("communities/jews.md", "In 2023 gunmen killed 364 people at the Nova festival; the military's 2025 count is 378 dead."),
        page("ideology/same-ideology.md", "At the Nova festival in 2023, gunmen killed 364 people."),
        page("ideology/kidnapping.md", "In 2014 Boko Haram abducted 276 schoolgirls from Chibok."),
        page("communities/nigerian-christians.md", "In April 2014 Boko Haram abducted 276 girls from the school in Chibok."),
      ]),
    ).toEqual([]);
  });

  it("does not compare different events that share only a country and a year, or different kinds of toll", () => {
    expect(
      tollWarnings([
        page("a.md", "In March 2025 gunmen killed 44 worshippers at a mosque in Fambita, Niger."),
        page("b.md", "In June 2025 militants killed 120 civilians in Manda, in Niger."),
        page("c.md", "In 2014 Boko Haram abducted 276 schoolgirls from Chibok."),
        page("d.md", "In 2014 Boko Haram killed 59 boys at a school near Chibok."),
      ]),
    ).toEqual([]);
  });
});
